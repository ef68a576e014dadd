import { Inject, Injectable } from '@nestjs/common';
import { BillingSubject, PLAN_REFUSALS, ROLE_REFUSALS, roleMay, type CallerIdentity, type RoleAbility } from '@coffer/contracts';
import { forbidden, ServiceRequester, unauthenticated } from '@coffer/server-core';
import { UsersRepository, type UserRow } from '../users/users.repository.js';

type GatedFeature = keyof typeof PLAN_REFUSALS;

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
    if (!roleMay(user.role, ability)) throw forbidden(ROLE_REFUSALS[ability]);
    return user;
  }

  /** Whether the account's plan includes `feature`. */
  async hasFeature(user: UserRow, feature: GatedFeature): Promise<boolean> {
    const plan = await this.services.request(BillingSubject.GetPlan, {}, { caller: { userId: user.id, accountId: user.accountId, role: user.role } });
    return plan.features[feature];
  }

  /** Refused unless the account's plan includes `feature`. */
  async requireFeature(user: UserRow, feature: GatedFeature): Promise<void> {
    if (!(await this.hasFeature(user, feature))) throw forbidden(PLAN_REFUSALS[feature]);
  }
}
