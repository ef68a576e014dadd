import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AuthEvent,
  AVATAR_MAX_BYTES,
  AVATAR_NOT_AN_IMAGE,
  AVATAR_TOO_LARGE,
  type AvatarUpload,
  type CallerIdentity,
  type Profile,
  type ReceivedPayload,
  AccountSubject,
} from '@coffer/contracts';
import { EventBus, invalid, notFound, UnitOfWork } from '@coffer/server-core';
import { FactorsRepository } from '../factors/factors.repository.js';
import { AccessService } from '../team/access.service.js';
import { TeamRepository } from '../team/team.repository.js';
import { AvatarStorage, imageTypeOf, SIGNATURE_BYTES } from './avatar-storage.js';
import { UsersRepository } from '../users/users.repository.js';
import { ProfilesRepository } from './profiles.repository.js';

/** The browser has this long to PUT an avatar after asking for the URL. */
const AVATAR_UPLOAD_SECONDS = 300;
/** An upload slot is forgotten (and its object deleted) this long after it was given. */
const AVATAR_SLOT_SECONDS = 900;
/** How long the avatar URL the browser is given stays valid. */
const AVATAR_URL_SECONDS = 3600;

const fullNameOf = (first: string, last: string) => [first, last].filter(Boolean).join(' ');

/** The account page's profile: names, company, job title and the avatar picture. */
@Injectable()
export class ProfilesService {
  private readonly logger = new Logger(ProfilesService.name);

  constructor(
    @Inject(ProfilesRepository) private readonly profiles: ProfilesRepository,
    @Inject(TeamRepository) private readonly team: TeamRepository,
    @Inject(FactorsRepository) private readonly factors: FactorsRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(AvatarStorage) private readonly avatars: AvatarStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  async get(caller: CallerIdentity): Promise<Profile> {
    const user = await this.access.current(caller);
    const [profile, account, factors] = await Promise.all([this.profiles.find(user.id), this.team.account(user.accountId), this.factors.list(user.id)]);
    const [firstName, ...rest] = user.fullName.split(' ');
    // Whom the others ask to change the plan (PRODUCT-DECISIONS "Plans and billing").
    const owner = !account?.ownerId || account.ownerId === user.id ? user : await this.users.findById(account.ownerId);
    return {
      userId: user.id,
      fullName: user.fullName,
      firstName: profile?.firstName ?? firstName,
      lastName: profile?.lastName ?? rest.join(' '),
      email: user.email,
      emailVerified: Boolean(user.emailVerifiedAt),
      company: profile?.company ?? '',
      jobTitle: profile?.jobTitle ?? '',
      avatarUrl: profile?.avatarKey ? await this.avatars.presignGet(profile.avatarKey, AVATAR_URL_SECONDS) : null,
      memberSince: user.createdAt.toISOString(),
      twoFactorEnabled: factors.some((f) => f.status === 'verified'),
      accountId: user.accountId,
      accountName: account?.name ?? user.fullName,
      role: user.role,
      ownerName: owner?.fullName.trim() || owner?.email || '',
    };
  }

  /** Saves the Personal Information card; the owner's account takes the company's name (or theirs). */
  async update(caller: CallerIdentity, input: ReceivedPayload<typeof AccountSubject.UpdateProfile>): Promise<Profile> {
    const user = await this.access.current(caller);
    const fullName = fullNameOf(input.firstName, input.lastName);
    if (fullName.length < 2) throw invalid('Name must be at least 2 characters');
    const account = await this.team.account(user.accountId);
    const accountName = account?.ownerId === user.id ? { accountId: account.id, name: input.company || fullName } : undefined;
    await this.unit.run(async () => {
      await this.profiles.saveDetails(user.id, user.email, {
        fullName,
        firstName: input.firstName,
        lastName: input.lastName,
        company: input.company,
        jobTitle: input.jobTitle,
      });
      // The user's full name stays equal to the profile's.
      await this.users.setFullName(user.id, fullName);
      if (accountName) await this.team.renameAccount(accountName.accountId, accountName.name);
      // Shares, notifications, emails and the audit log name people from their own copies: a new name reaches them all.
      if (fullName !== user.fullName) {
        await this.bus.record(AuthEvent.NameChanged, {
          accountId: user.accountId,
          actorId: user.id,
          payload: { userId: user.id, email: user.email, fullName },
        });
      }
    });
    return this.get(caller);
  }

  /** A presigned PUT for a new avatar; the declared type and size are checked again on the real bytes. */
  async createUpload(caller: CallerIdentity, input: ReceivedPayload<typeof AccountSubject.CreateAvatarUpload>): Promise<AvatarUpload> {
    const user = await this.access.current(caller);
    await this.forgetExpired(user.id);
    const uploadId = randomUUID();
    const key = AvatarStorage.keyOf(user.id, uploadId);
    await this.profiles.addUpload({
      id: uploadId,
      userId: user.id,
      key,
      contentType: input.contentType,
      expiresAt: new Date(Date.now() + AVATAR_SLOT_SECONDS * 1000),
    });
    const { url, headers } = await this.avatars.presignPut(key, input.size, input.contentType, AVATAR_UPLOAD_SECONDS);
    return { uploadId, url, headers };
  }

  /** Makes an uploaded image the avatar once its bytes prove it is a JPG, PNG or GIF under 2 MB. */
  async setAvatar(caller: CallerIdentity, uploadId: string): Promise<Profile> {
    const user = await this.access.current(caller);
    const upload = await this.profiles.upload(user.id, uploadId);
    if (!upload || upload.expiresAt.getTime() < Date.now()) throw notFound('Upload not found');
    const size = await this.avatars.size(upload.key);
    if (size === undefined) throw notFound('Upload not found');
    const refuse = async (message: string) => {
      await this.avatars.remove([upload.key]);
      await this.profiles.forgetUploads([upload.id]);
      return invalid(message);
    };
    if (size >= AVATAR_MAX_BYTES) throw await refuse(AVATAR_TOO_LARGE);
    const head = await this.avatars.head(upload.key, SIGNATURE_BYTES);
    if (!head || imageTypeOf(head) !== upload.contentType) throw await refuse(AVATAR_NOT_AN_IMAGE);
    const replaced = await this.profiles.setAvatar(user.id, upload);
    if (replaced && replaced !== upload.key) await this.avatars.remove([replaced]);
    return this.get(caller);
  }

  /** Upload slots that ran out: their objects (if the browser ever sent any) and rows go. */
  private async forgetExpired(userId: string) {
    const expired = await this.profiles.expiredUploads(userId);
    if (expired.length === 0) return;
    await this.avatars.remove(expired.map((u) => u.key));
    await this.profiles.forgetUploads(expired.map((u) => u.id));
    this.logger.debug({ msg: 'Forgot expired avatar uploads', count: expired.length });
  }
}
