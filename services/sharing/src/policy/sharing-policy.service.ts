import { Inject, Injectable } from '@nestjs/common';
import {
  BillingSubject,
  PLAN_REFUSALS,
  POLICY_EXPIRY_NEEDS_PLAN,
  policyAllowsRecipient,
  ROLE_REFUSALS,
  roleMay,
  SharingPolicyEvent,
  SharingPolicyRefusal,
  type CallerIdentity,
  type ReceivedPayload,
  type SharingPolicy,
  type SharingPolicySubject,
} from '@coffer/contracts';
import { EventBus, forbidden, ServiceRequester, UnitOfWork } from '@coffer/server-core';
import type { LinkRow } from '../db/schema.js';
import { LinksRepository } from '../links/links.repository.js';
import { SharingPolicyRepository } from './sharing-policy.repository.js';

/** How many file names the "links need a password" notification lists. */
const NAMES_LISTED = 5;

/** What a new link or a change of one asks for, as the policy sees it. */
export interface LinkWish {
  /** True: the link will have a password; false: it will not; undefined: unchanged. */
  hasPassword: boolean | undefined;
  /** Days from now; null: no expiry; undefined: unchanged. */
  expiresInDays: number | null | undefined;
}

/**
 * The account's sharing policy (product decisions "Sharing outside the company"): set by the owner and
 * admins on plans with permissions, read by everyone in the account (the Share dialog follows it), and
 * the one place that says what it allows: new links and shares ask it, and each open of a link or share
 * checks it again, so a change reaches the links and shares made before it.
 */
@Injectable()
export class SharingPolicyService {
  constructor(
    @Inject(SharingPolicyRepository) private readonly policies: SharingPolicyRepository,
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  get(caller: CallerIdentity): Promise<SharingPolicy> {
    return this.policies.of(caller.accountId);
  }

  /**
   * Sets the policy and applies it to the links already made: a link open longer than the new maximum
   * is cut to it (from now), and turning on "password required" tells each person whose links have none
   * that they stopped until they get one. Audited when anything changed.
   */
  async update(caller: CallerIdentity, after: ReceivedPayload<typeof SharingPolicySubject.Update>): Promise<SharingPolicy> {
    if (!roleMay(caller.role, 'manageSharingPolicy')) throw forbidden(ROLE_REFUSALS.manageSharingPolicy);
    const { features } = await this.services.request(BillingSubject.GetPlan, {}, { caller });
    if (!features.hasPermissions) throw forbidden(PLAN_REFUSALS.hasPermissions);
    if (after.maxExpiryDays !== null && !features.hasLinkExpiry) throw forbidden(POLICY_EXPIRY_NEEDS_PLAN);
    await this.unit.run(async () => {
      const before = await this.policies.of(caller.accountId);
      await this.policies.set(caller.accountId, after, caller.userId);
      const linksShortened = after.maxExpiryDays === null ? 0 : await this.links.capExpiry(caller.accountId, after.maxExpiryDays);
      const needingPassword = after.passwordRequired && !before.passwordRequired ? await this.links.withoutPassword(caller.accountId) : [];
      for (const [userId, links] of byMaker(needingPassword))
        await this.bus.record(SharingPolicyEvent.LinksNeedPassword, {
          accountId: caller.accountId,
          actorId: caller.userId,
          payload: { userId, fileNames: [...new Set(links.map((l) => l.fileName))].slice(0, NAMES_LISTED), count: links.length },
        });
      if (JSON.stringify(before) !== JSON.stringify(after) || linksShortened > 0)
        await this.bus.record(SharingPolicyEvent.Changed, {
          accountId: caller.accountId,
          actorId: caller.userId,
          payload: { before, after, linksShortened, linksNeedingPassword: needingPassword.length },
        });
    });
    return after;
  }

  /**
   * A new link, or a change of one, as the policy allows it: refused when links are forbidden, without a
   * password where one is required, or open longer than the maximum. With a maximum, a link asked for
   * without an expiry gets the maximum; answers the days the link is to stay open (undefined: unchanged).
   */
  async checkLink(accountId: string, wish: LinkWish): Promise<number | null | undefined> {
    const policy = await this.policies.of(accountId);
    if (!policy.linksAllowed) throw forbidden(SharingPolicyRefusal.LinksNotAllowed);
    if (policy.passwordRequired && wish.hasPassword === false) throw forbidden(SharingPolicyRefusal.PasswordRequired);
    const max = policy.maxExpiryDays;
    if (max === null || wish.expiresInDays === undefined) return wish.expiresInDays;
    if (wish.expiresInDays === null) return max;
    if (wish.expiresInDays > max) throw forbidden(SharingPolicyRefusal.ExpiryTooLong(max));
    return wish.expiresInDays;
  }

  /** Whether the policy lets this link be opened now: links allowed, and a password where one is required. */
  async checkLinkOpen(link: Pick<LinkRow, 'accountId' | 'passwordHash'>): Promise<void> {
    const policy = await this.policies.of(link.accountId);
    if (!policy.linksAllowed || (policy.passwordRequired && link.passwordHash === null)) throw forbidden(SharingPolicyRefusal.LinkStopped);
  }

  /** Whether the policy lets a file request (an upload-only link) be used now: links allowed. */
  async checkRequestOpen(accountId: string): Promise<void> {
    if (!(await this.policies.of(accountId)).linksAllowed) throw forbidden(SharingPolicyRefusal.LinkStopped);
  }

  /** A new email share: its recipient's domain must be one the policy allows. */
  async checkShareRecipient(accountId: string, email: string): Promise<void> {
    const policy = await this.policies.of(accountId);
    if (!policyAllowsRecipient(policy, email)) throw forbidden(SharingPolicyRefusal.DomainNotAllowed(policy.allowedEmailDomains));
  }

  /** An open of an existing email share: refused once the policy no longer allows its recipient's domain. */
  async checkShareOpen(accountId: string, email: string): Promise<void> {
    if (!policyAllowsRecipient(await this.policies.of(accountId), email)) throw forbidden(SharingPolicyRefusal.ShareStopped);
  }
}

function byMaker(links: Pick<LinkRow, 'createdByUserId' | 'fileName'>[]) {
  const groups = new Map<string, Pick<LinkRow, 'createdByUserId' | 'fileName'>[]>();
  for (const link of links) groups.set(link.createdByUserId, [...(groups.get(link.createdByUserId) ?? []), link]);
  return groups;
}
