import { Controller, Inject } from '@nestjs/common';
import { AccountSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { ProfilesService } from './profiles.service.js';

/** The profile and avatar, forwarded to ProfilesService. */
@Controller()
export class ProfilesHandler {
  constructor(@Inject(ProfilesService) private readonly profiles: ProfilesService) {}

  @Handles(AccountSubject.GetProfile)
  get(@Caller() caller: CallerIdentity) {
    return this.profiles.get(caller);
  }

  @Handles(AccountSubject.UpdateProfile)
  update(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.UpdateProfile>) {
    return this.profiles.update(caller, p);
  }

  @Handles(AccountSubject.CreateAvatarUpload)
  createUpload(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.CreateAvatarUpload>) {
    return this.profiles.createUpload(caller, p);
  }

  @Handles(AccountSubject.SetAvatar)
  setAvatar(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.SetAvatar>) {
    return this.profiles.setAvatar(caller, p.uploadId);
  }
}
