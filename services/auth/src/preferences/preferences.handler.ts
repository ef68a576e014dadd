import { Controller, Inject } from '@nestjs/common';
import { AccountSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { PreferencesService } from './preferences.service.js';

/** Email preferences and general settings, forwarded to PreferencesService. */
@Controller()
export class PreferencesHandler {
  constructor(@Inject(PreferencesService) private readonly preferences: PreferencesService) {}

  @Handles(AccountSubject.GetPreferences)
  get(@Caller() caller: CallerIdentity) {
    return this.preferences.get(caller);
  }

  @Handles(AccountSubject.UpdatePreferences)
  update(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.UpdatePreferences>) {
    return this.preferences.update(caller, p);
  }
}
