import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  SignInPolicyEvent,
  TURN_ON_TWO_FACTOR_FIRST,
  type CallerIdentity,
  type SignInPolicy,
  type UpdateSignInPolicyRequest,
} from '@coffer/contracts';
import { EventBus, rpcError, UnitOfWork } from '@coffer/server-core';
import { FactorsRepository } from '../factors/factors.repository.js';
import { AccessService } from '../team/access.service.js';
import { SignInPolicyRepository } from './sign-in-policy.repository.js';

/**
 * The account's sign-in policy (PRODUCT-DECISIONS: owner and admins). With two-factor required, a member
 * without a factor gets tokens that only set one up (the gateway refuses every other call) from their next
 * sign-in or token renewal on, and nobody in the account can turn theirs off.
 */
@Injectable()
export class SignInPolicyService {
  constructor(
    @Inject(SignInPolicyRepository) private readonly policies: SignInPolicyRepository,
    @Inject(FactorsRepository) private readonly factors: FactorsRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  async get(caller: CallerIdentity): Promise<SignInPolicy> {
    const actor = await this.access.require(caller, 'manageTeam');
    return { requireTwoFactor: await this.policies.requiresTwoFactor(actor.accountId) };
  }

  async update(caller: CallerIdentity, change: UpdateSignInPolicyRequest): Promise<SignInPolicy> {
    const actor = await this.access.require(caller, 'manageTeam');
    const requireTwoFactor = Boolean(change.requireTwoFactor);
    // Whoever requires it leads by example: they would otherwise be locked into the setup themselves.
    if (requireTwoFactor && !(await this.factors.list(actor.id)).some((f) => f.status === 'verified'))
      throw rpcError(ErrorCode.Conflict, 409, TURN_ON_TWO_FACTOR_FIRST);
    await this.unit.run(async () => {
      const before = await this.policies.requiresTwoFactor(actor.accountId);
      await this.policies.setRequireTwoFactor(actor.accountId, requireTwoFactor, actor.id);
      if (before !== requireTwoFactor)
        await this.bus.record(SignInPolicyEvent.Changed, { accountId: actor.accountId, actorId: actor.id, payload: { requireTwoFactor } });
    });
    return { requireTwoFactor };
  }
}
