import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { BillingConfig } from '../config.js';
import type { PlanType } from '../subscriptions/subscriptions.repository.js';

export type CheckoutPlanType = Extract<PlanType, 'starter' | 'business' | 'pro'>;

/** A Stripe subscription as Coffer keeps it: its plan, period and cancellation (never card data). */
export interface ProviderSubscription {
  accountId: string | null;
  subscriptionId: string;
  customerId: string | null;
  planType: PlanType | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * The payment provider seam: Stripe Checkout when STRIPE_SECRET_KEY is set (card data is entered on
 * Stripe's page and never reaches Coffer), and its webhooks verified with the official package.
 */
@Injectable()
export class StripePayments {
  private readonly stripe?: Stripe;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: BillingConfig) {
    if (!config.STRIPE_SECRET_KEY) return;
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
    this.stripe = new Stripe(
      config.STRIPE_SECRET_KEY,
      api ? { host: api.hostname, port: Number(api.port) || undefined, protocol: api.protocol === 'http:' ? 'http' : 'https' } : undefined,
    );
  }

  /** Checkout goes through Stripe. */
  get configured(): boolean {
    return this.stripe !== undefined;
  }

  /** Webhooks are verified with the endpoint's signing secret (the package's own check; no API key needed). */
  get receivesWebhooks(): boolean {
    return Boolean(this.config.STRIPE_WEBHOOK_SECRET);
  }

  private priceOf(planType: CheckoutPlanType): string | undefined {
    return { starter: this.config.STRIPE_PRICE_STARTER, business: this.config.STRIPE_PRICE_BUSINESS, pro: this.config.STRIPE_PRICE_PRO }[planType];
  }

  private planOfPrice(priceId: string | undefined): PlanType | null {
    for (const planType of ['starter', 'business', 'pro'] as const) if (priceId && this.priceOf(planType) === priceId) return planType;
    return null;
  }

  /** A Stripe Checkout page subscribing the account to the plan's monthly price. */
  async checkoutUrl(input: { accountId: string; planType: CheckoutPlanType; customerId: string | null }): Promise<string> {
    const price = this.priceOf(input.planType);
    if (!this.stripe || !price) throw new Error(`No Stripe price is configured for ${input.planType}`);
    const metadata = { accountId: input.accountId, planType: input.planType };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      client_reference_id: input.accountId,
      ...(input.customerId ? { customer: input.customerId } : {}),
      metadata,
      subscription_data: { metadata },
      success_url: new URL('/dashboard/account', this.config.APP_URL).toString(),
      cancel_url: new URL(`/checkout?plan=${input.planType}`, this.config.APP_URL).toString(),
    });
    if (!session.url) throw new Error('Stripe gave no checkout URL');
    return session.url;
  }

  /**
   * Changes the account's Stripe subscription itself (its price, or whether it ends with the period), so
   * what Stripe charges is what Coffer shows; Stripe's webhook for the change follows and changes nothing more.
   */
  async updateSubscription(subscriptionId: string, change: { planType: CheckoutPlanType } | { cancelAtPeriodEnd: boolean }): Promise<ProviderSubscription> {
    if (!this.stripe) throw new Error('Stripe is not configured');
    if ('cancelAtPeriodEnd' in change) {
      return this.fromSubscription(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: change.cancelAtPeriodEnd }));
    }
    const price = this.priceOf(change.planType);
    if (!price) throw new Error(`No Stripe price is configured for ${change.planType}`);
    const current = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
    const updated = await this.stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price }],
      proration_behavior: 'create_prorations',
      metadata: { ...current.metadata, planType: change.planType },
    });
    return this.fromSubscription(updated);
  }

  /** The event, if its signature is Stripe's with the endpoint's secret (and recent); throws otherwise. */
  verify(payload: string, signature: string): Stripe.Event {
    if (!this.config.STRIPE_WEBHOOK_SECRET) throw new Error('Stripe webhooks are not configured');
    return Stripe.webhooks.constructEvent(payload, signature, this.config.STRIPE_WEBHOOK_SECRET);
  }

  /** What a completed Checkout session says: the account (our reference), its new subscription and plan. */
  fromCheckoutSession(session: Stripe.Checkout.Session): ProviderSubscription | null {
    const subscriptionId = idOf(session.subscription);
    if (session.mode !== 'subscription' || !subscriptionId) return null;
    const planType = session.metadata?.planType;
    return {
      accountId: session.client_reference_id ?? session.metadata?.accountId ?? null,
      subscriptionId,
      customerId: idOf(session.customer),
      planType: planType === 'starter' || planType === 'business' || planType === 'pro' ? planType : null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
    };
  }

  /** What a subscription event says (its price names the plan; its first item, the period). */
  fromSubscription(subscription: Stripe.Subscription): ProviderSubscription {
    const item = subscription.items?.data?.[0];
    const metadataPlan = subscription.metadata?.planType;
    return {
      accountId: subscription.metadata?.accountId ?? null,
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer),
      planType:
        this.planOfPrice(item?.price?.id) ?? (metadataPlan === 'starter' || metadataPlan === 'business' || metadataPlan === 'pro' ? metadataPlan : null),
      periodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }
}
