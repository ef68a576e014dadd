import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { PreferencesService } from './preferences.service.js';

/** Email preferences and general settings, forwarded to PreferencesService. */
@Controller()
export class PreferencesHandler implements OnModuleInit {
  constructor(
    @Inject(PreferencesService) private readonly preferences: PreferencesService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AccountSubject.GetPreferences, ({ caller }) => this.preferences.get(caller));
    this.rpc.handle(AccountSubject.UpdatePreferences, ({ caller, payload }) => this.preferences.update(caller, payload));
  }
}
