import { Inject, Injectable } from '@nestjs/common';
import {
  AccountEvent,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  type Branding,
  type CallerIdentity,
  type ReceivedPayload,
  AccountSubject,
} from '@coffer/contracts';
import { EventBus, UnitOfWork } from '@coffer/server-core';
import { AccessService } from '../team/access.service.js';
import { BrandingRepository, type BrandingRow } from './branding.repository.js';

const COFFER_BRANDING: Branding = { companyName: '', logoUrl: '', primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: DEFAULT_SECONDARY_COLOR, custom: false };
const toBranding = (row: BrandingRow): Branding => ({
  companyName: row.companyName,
  logoUrl: row.logoUrl,
  primaryColor: row.primaryColor,
  secondaryColor: row.secondaryColor,
  custom: true,
});

/**
 * An account's branding: every user of the account sees it on every page; the
 * owner and admins change it, on plans with custom branding. An account whose
 * plan lost the feature shows Coffer's own look again (its settings are kept).
 */
@Injectable()
export class BrandingService {
  constructor(
    @Inject(BrandingRepository) private readonly branding: BrandingRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  async get(caller: CallerIdentity): Promise<Branding> {
    const user = await this.access.current(caller);
    const row = await this.branding.find(user.accountId);
    if (!row || !(await this.access.hasFeature(user, 'hasCustomBranding'))) return COFFER_BRANDING;
    return toBranding(row);
  }

  async update(caller: CallerIdentity, input: ReceivedPayload<typeof AccountSubject.UpdateBranding>): Promise<Branding> {
    const user = await this.access.require(caller, 'manageBranding');
    await this.access.requireFeature(user, 'hasCustomBranding');
    const saved = await this.unit.run(async () => {
      const row = await this.branding.save({ accountId: user.accountId, ...input });
      const { companyName, logoUrl, primaryColor, secondaryColor } = row;
      await this.bus.record(AccountEvent.BrandingChanged, {
        accountId: user.accountId,
        actorId: user.id,
        payload: { companyName, logoUrl, primaryColor, secondaryColor },
      });
      return row;
    });
    return toBranding(saved);
  }
}
