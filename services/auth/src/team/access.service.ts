import { Inject, Injectable } from '@nestjs/common';
import { BillingSubject, roleMay, type CallerIdentity, type PlanFeatureSet, type RoleAbility } from '@coffer/contracts';
import { forbidden, ServiceRequester, unauthenticated } from '@coffer/server-core';
import { UsersRepository, type UserRow } from '../users/users.repository.js';

const NOT_ALLOWED: Record<RoleAbility, string> = {
  viewAuditLog: 'Only the account owner, admins and moderators can see the audit log.',
  revokeAnyShare: 'Only the account owner, admins and moderators can revoke shares made by others.',
  manageTeam: 'Only the account owner and admins can manage the team.',
  manageBranding: 'Only the account owner and admins can change the branding.',
  managePlan: 'Only the account owner can do that.',
};

type GatedFeature = keyof Pick<PlanFeatureSet, 'hasCustomBranding' | 'hasPermissions'>;
const NOT_ON_PLAN: Record<GatedFeature, string> = {
  hasCustomBranding: 'Custom branding is available on the Business, Pro and Enterprise plans.',
  hasPermissions: 'User permissions are available on the Business, Pro and Enterprise plans.',
};

/**
 * Role and plan checks of the organisation. The role is read from this
 * service's tables at the moment of the request, never taken from the access
 * token; the plan's features come from billing's one feature table.
 */
@Injectable()
export class AccessService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
  ) {}

  /** The caller as stored now. */
  async current(caller: CallerIdentity): Promise<UserRow> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw unauthenticated();
    return user;
  }

  /** The caller, refused unless their role may do `ability`. */
  async require(caller: CallerIdentity, ability: RoleAbility): Promise<UserRow> {
    const user = await this.current(caller);
    if (!roleMay(user.role, ability)) throw forbidden(NOT_ALLOWED[ability]);
    return user;
  }

  /** Whether the account's plan includes `feature`. */
  async hasFeature(user: UserRow, feature: GatedFeature): Promise<boolean> {
    const plan = await this.services.request(BillingSubject.GetPlan, {}, { caller: { userId: user.id, accountId: user.accountId, role: user.role } });
    return plan.features[feature];
  }

  /** Refused unless the account's plan includes `feature`. */
  async requireFeature(user: UserRow, feature: GatedFeature): Promise<void> {
    if (!(await this.hasFeature(user, feature))) throw forbidden(NOT_ON_PLAN[feature]);
  }
}
