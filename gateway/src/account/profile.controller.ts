import { Controller, Get, HttpCode, Inject, Patch, Post } from '@nestjs/common';
import {
  AccountSubject,
  avatarUploadRequestSchema,
  avatarUploadSchema,
  preferencesSchema,
  profileSchema,
  setAvatarSchema,
  updatePreferencesSchema,
  updateProfileSchema,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

/** The caller's own profile, avatar and preferences: forwarded to the auth service. */
@Controller()
export class ProfileController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get('profile')
  @ApiDoc({ summary: 'Your profile, account, role and two-factor state (the account page)', reply: profileSchema })
  profile(@Meta() meta: RequestMeta) {
    return this.services.request(AccountSubject.GetProfile, {}, meta);
  }

  @Patch('profile')
  @ApiDoc({ summary: 'Save your personal information', reply: profileSchema })
  updateProfile(@Meta() meta: RequestMeta, @ValidBody(updateProfileSchema) body: Valid<typeof updateProfileSchema>) {
    return this.services.request(AccountSubject.UpdateProfile, body, meta);
  }

  @Post('profile/avatar/upload-url')
  @HttpCode(200)
  @ApiDoc({ summary: 'A short-lived URL to PUT a new profile picture to (JPG, PNG or GIF under 2 MB)', reply: avatarUploadSchema })
  avatarUpload(@Meta() meta: RequestMeta, @ValidBody(avatarUploadRequestSchema) body: Valid<typeof avatarUploadRequestSchema>) {
    return this.services.request(AccountSubject.CreateAvatarUpload, body, meta);
  }

  @Post('profile/avatar')
  @HttpCode(200)
  @ApiDoc({ summary: 'Make an uploaded picture your avatar once its bytes are checked', reply: profileSchema })
  setAvatar(@Meta() meta: RequestMeta, @ValidBody(setAvatarSchema) body: Valid<typeof setAvatarSchema>) {
    return this.services.request(AccountSubject.SetAvatar, body, meta);
  }

  @Get('preferences')
  @ApiDoc({ summary: 'Your email preferences and general settings', reply: preferencesSchema })
  preferences(@Meta() meta: RequestMeta) {
    return this.services.request(AccountSubject.GetPreferences, {}, meta);
  }

  @Patch('preferences')
  @ApiDoc({ summary: 'Save your email preferences or general settings', reply: preferencesSchema })
  updatePreferences(@Meta() meta: RequestMeta, @ValidBody(updatePreferencesSchema) body: Valid<typeof updatePreferencesSchema>) {
    return this.services.request(AccountSubject.UpdatePreferences, body, meta);
  }
}
