import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type SubscriptionChanged } from '@coffer/contracts';
import { notFound, rpcError, UnitOfWork } from '@coffer/server-core';
import { Clock } from '../subscriptions/clock.js';
import { SubscriptionsRepository, type SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { StripePayments, type ProviderSubscription } from './stripe-payments.js';

export const INVALID_SIGNATURE = 'The webhook signature is not valid';

/** Which change a provider's subscription event is, against what billing had. */
function reasonOf(before: SubscriptionRow, after: ProviderSubscription): SubscriptionChanged['reason'] {
  if (before.status !== 'active') return 'subscribed';
  if (after.planType && after.planType !== before.planType) return 'plan-changed';
  if (after.cancelAtPeriodEnd !== before.cancelAtPeriodEnd) return after.cancelAtPeriodEnd ? 'cancelled' : 'resumed';
  return 'plan-changed';
}

/**
 * Stripe's webhooks: verified with the official package, applied once per event id (a redelivery or a
 * replay changes nothing), each change announced as every plan change is.
 */
@Injectable()
export class PaymentsService {
  constructor(
    @Inject(StripePayments) private readonly stripe: StripePayments,
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(SubscriptionsService) private readonly plans: SubscriptionsService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  async webhook(payload: string, signature: string): Promise<{ received: true; applied: boolean }> {
    if (!this.stripe.receivesWebhooks) throw notFound();
    let event;
    try {
      event = this.stripe.verify(payload, signature);
    } catch {
      throw rpcError(ErrorCode.ValidationFailed, 400, INVALID_SIGNATURE);
    }
    const now = this.clock.now();
    return this.unit.run(async () => {
      if (!(await this.subscriptions.recordPaymentEvent(event.id, event.type, now))) return { received: true as const, applied: false };
      if (event.type === 'checkout.session.completed') await this.apply(this.stripe.fromCheckoutSession(event.data.object), now);
      else if (event.type === 'customer.subscription.created' || event.type === 'customer.subscription.updated') {
        await this.apply(this.stripe.fromSubscription(event.data.object), now);
      } else if (event.type === 'customer.subscription.deleted') await this.end(this.stripe.fromSubscription(event.data.object), now);
      return { received: true as const, applied: true };
    });
  }

  private async accountOf(change: ProviderSubscription): Promise<SubscriptionRow | undefined> {
    const accountId = change.accountId ?? (await this.subscriptions.findByProviderSubscription(change.subscriptionId))?.accountId;
    return accountId ? this.subscriptions.lock(accountId) : undefined;
  }

  private async apply(change: ProviderSubscription | null, now: Date) {
    if (!change) return;
    const before = await this.accountOf(change);
    const planType = change.planType ?? before?.planType;
    if (!before || !planType) return;
    const saved = await this.subscriptions.applyProviderSubscription(
      before.accountId,
      {
        planType,
        periodEnd: change.periodEnd ?? before.currentPeriodEnd,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        customerId: change.customerId,
        subscriptionId: change.subscriptionId,
      },
      now,
    );
    // A renewal, or the echo of a change Coffer made at Stripe itself, moves nothing the customer sees: saved, not announced.
    const seen = before.status !== 'active' || before.planType !== planType || before.cancelAtPeriodEnd !== change.cancelAtPeriodEnd;
    if (saved && seen) await this.plans.announce({ accountId: saved.accountId, userId: '' }, reasonOf(before, change), saved);
  }

  private async end(change: ProviderSubscription, now: Date) {
    const before = await this.accountOf(change);
    if (!before || before.providerSubscriptionId !== change.subscriptionId) return;
    const ended = await this.subscriptions.endProviderSubscription(before.accountId, now);
    if (ended)
      await this.plans.announce({ accountId: ended.accountId, userId: '' }, 'subscription-ended', { ...ended, planType: null, status: 'none' }, ended.planType);
  }
}
