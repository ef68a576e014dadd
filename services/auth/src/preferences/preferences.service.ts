import { Inject, Injectable } from '@nestjs/common';
import {
  AccountEvent,
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_FILE_VIEW,
  DEFAULT_GENERAL_SETTINGS,
  type CallerIdentity,
  type Preferences,
  type ReceivedPayload,
  AccountSubject,
} from '@coffer/contracts';
import { EventBus, UnitOfWork } from '@coffer/server-core';
import { AccessService } from '../team/access.service.js';
import { PreferencesRepository } from './preferences.repository.js';

const DEFAULTS: Preferences = { email: DEFAULT_EMAIL_PREFERENCES, general: DEFAULT_GENERAL_SETTINGS, fileView: DEFAULT_FILE_VIEW };

/** Email preferences, Settings → General and the file lists' view, per user, with the defaults until saved. */
@Injectable()
export class PreferencesService {
  constructor(
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  async get(caller: CallerIdentity): Promise<Preferences> {
    const user = await this.access.current(caller);
    return (await this.preferences.find(user.id)) ?? DEFAULTS;
  }

  /** Saves what is given; a change of the email preferences or general settings is told to the notification service, which honours them for every email. */
  async update(caller: CallerIdentity, input: ReceivedPayload<typeof AccountSubject.UpdatePreferences>): Promise<Preferences> {
    const user = await this.access.current(caller);
    return this.unit.run(async () => {
      const before = (await this.preferences.find(user.id)) ?? DEFAULTS;
      const saved: Preferences = { email: input.email ?? before.email, general: input.general ?? before.general, fileView: input.fileView ?? before.fileView };
      await this.preferences.save(user.id, saved);
      if (input.email || input.general) {
        const { email, general } = saved;
        await this.bus.record(AccountEvent.PreferencesChanged, {
          accountId: user.accountId,
          actorId: user.id,
          payload: { userId: user.id, preferences: { email, general } },
        });
      }
      return saved;
    });
  }
}
