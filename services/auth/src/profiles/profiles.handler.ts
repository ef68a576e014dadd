import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { ProfilesService } from './profiles.service.js';

/** The profile and avatar, forwarded to ProfilesService. */
@Controller()
export class ProfilesHandler implements OnModuleInit {
  constructor(
    @Inject(ProfilesService) private readonly profiles: ProfilesService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AccountSubject.GetProfile, ({ caller }) => this.profiles.get(caller));
    this.rpc.handle(AccountSubject.UpdateProfile, ({ caller, payload }) => this.profiles.update(caller, payload));
    this.rpc.handle(AccountSubject.CreateAvatarUpload, ({ caller, payload }) => this.profiles.createUpload(caller, payload));
    this.rpc.handle(AccountSubject.SetAvatar, ({ caller, payload }) => this.profiles.setAvatar(caller, payload.uploadId));
  }
}
