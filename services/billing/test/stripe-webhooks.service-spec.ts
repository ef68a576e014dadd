import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger, type INestMicroservice } from '@nestjs/common';
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { BillingEvent, BillingSubject, PlanCopy, type DomainEvent, type SubscriptionChanged } from '@coffer/contracts';
import { DATABASE, loadConfig, runService, type Database } from '@coffer/server-core';
import { freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { billingConfigSchema } from '../src/config.js';
import { INVALID_SIGNATURE } from '../src/payments/payments.service.js';
import { SubscriptionsRepository } from '../src/subscriptions/subscriptions.repository.js';

Logger.overrideLogger(false);

// Test-mode values only: Stripe itself is never reached (no network here); the package signs and verifies.
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_coffer_webhooks',
  STRIPE_WEBHOOK_SECRET: 'whsec_coffer_webhooks_test',
  STRIPE_PRICE_STARTER: 'price_starter_test',
  STRIPE_PRICE_BUSINESS: 'price_business_test',
  STRIPE_PRICE_PRO: 'price_pro_test',
};
const stripe = new Stripe(STRIPE.STRIPE_SECRET_KEY);

/** A webhook delivery as Stripe sends it: the JSON body and its `Stripe-Signature` header, made by the package itself. */
function delivery(type: string, object: Record<string, unknown>, { id = `evt_${randomUUID()}`, secret = STRIPE.STRIPE_WEBHOOK_SECRET } = {}) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

const subscriptionObject = (accountId: string, subscriptionId: string, over: { price?: string; cancel?: boolean; periodEnd?: number } = {}) => ({
  id: subscriptionId,
  object: 'subscription',
  customer: 'cus_test_1',
  cancel_at_period_end: over.cancel ?? false,
  metadata: { accountId },
  items: {
    object: 'list',
    data: [{ id: 'si_1', price: { id: over.price ?? STRIPE.STRIPE_PRICE_BUSINESS }, current_period_end: over.periodEnd ?? 1_800_000_000 }],
  },
});

/**
 * Stripe's subscriptions API as far as Coffer calls it, on a local port: Stripe cannot be reached from
 * here. It keeps each subscription's price and cancellation, records every change asked, and can decline.
 */
class StripeSubscriptionsApi {
  readonly subscriptions = new Map<string, { accountId: string; price: string; cancel: boolean }>();
  readonly changes: { subscriptionId: string; form: Record<string, string> }[] = [];
  decline = false;
  private readonly server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const id = /^\/v1\/subscriptions\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const known = id ? this.subscriptions.get(id) : undefined;
      const reply = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (!id || !known) return reply(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (req.method === 'POST') {
        if (this.decline) return reply(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
        const form = Object.fromEntries(new URLSearchParams(body));
        this.changes.push({ subscriptionId: id, form });
        if (form['items[0][price]']) known.price = form['items[0][price]'];
        if (form.cancel_at_period_end) known.cancel = form.cancel_at_period_end === 'true';
      }
      reply(200, subscriptionObject(known.accountId, id, { price: known.price, cancel: known.cancel }));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('billing with Stripe configured', () => {
  let app: INestMicroservice;
  let caller: TestCaller;
  const stripeApi = new StripeSubscriptionsApi();

  beforeAll(async () => {
    const config = loadConfig(billingConfigSchema, {
      ...(await freshDatabase('postgres')),
      NATS_URL: testInfra().natsUrl,
      LOG_LEVEL: 'error',
      ...STRIPE,
      STRIPE_API_URL: await stripeApi.start(),
    });
    app = await runService('billing', config, AppModule.forConfig(config));
    caller = new TestCaller();
  });
  afterAll(async () => {
    await app.close();
    await caller.close();
    await stripeApi.stop();
  });

  const account = async () => {
    const owner = newCaller('owner');
    await app.get(SubscriptionsRepository).open(owner.accountId, owner.userId);
    return owner;
  };
  const changes = async (accountId: string) => {
    const { rows } = (await app
      .get<Database>(DATABASE)
      .execute(
        sql`select event from outbox where subject = ${BillingEvent.SubscriptionChanged} and event->>'accountId' = ${accountId} order by created_at, id`,
      )) as unknown as { rows: { event: DomainEvent<SubscriptionChanged> }[] };
    return rows.map(({ event }) => event.payload.reason);
  };

  it('says checkout goes through Stripe: the placeholder subscription is refused', async () => {
    const owner = await account();
    await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({ paymentProvider: 'stripe' });
    await expect(caller.request(BillingSubject.Subscribe, { plan: 'business' }, owner)).rejects.toMatchObject({ status: 409 });
  });

  it('applies a valid signed event once: the replay of the same event id changes nothing', async () => {
    const owner = await account();
    const completed = delivery('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: owner.accountId,
      customer: 'cus_test_1',
      subscription: `sub_${owner.accountId}`,
      metadata: { accountId: owner.accountId, planType: 'business' },
    });
    await expect(caller.request(BillingSubject.PaymentWebhook, completed)).resolves.toEqual({ received: true, applied: true });
    await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({ planType: 'business', status: 'active' });
    await expect(caller.request(BillingSubject.PaymentWebhook, completed)).resolves.toEqual({ received: true, applied: false });
    expect(await changes(owner.accountId)).toEqual(['subscribed']);
  });

  it('follows the subscription: a new price changes the plan, a cancellation keeps it to the period end, deletion ends it', async () => {
    const owner = await account();
    const subscriptionId = `sub_${randomUUID()}`;
    await caller.request(BillingSubject.PaymentWebhook, delivery('customer.subscription.created', subscriptionObject(owner.accountId, subscriptionId)));
    await caller.request(
      BillingSubject.PaymentWebhook,
      delivery('customer.subscription.updated', subscriptionObject(owner.accountId, subscriptionId, { price: STRIPE.STRIPE_PRICE_PRO })),
    );
    await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({
      planType: 'pro',
      status: 'active',
      periodEndDate: new Date(1_800_000_000 * 1000).toISOString(),
    });
    await caller.request(
      BillingSubject.PaymentWebhook,
      delivery('customer.subscription.updated', subscriptionObject(owner.accountId, subscriptionId, { price: STRIPE.STRIPE_PRICE_PRO, cancel: true })),
    );
    await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({ planType: 'pro', cancelAtPeriodEnd: true });
    // Deleted: known by its subscription id alone (no metadata on the event).
    const deleted = { ...subscriptionObject(owner.accountId, subscriptionId), metadata: {} };
    await caller.request(BillingSubject.PaymentWebhook, delivery('customer.subscription.deleted', deleted));
    await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({ planType: null, status: 'none' });
    expect(await changes(owner.accountId)).toEqual(['subscribed', 'plan-changed', 'cancelled', 'subscription-ended']);
  });

  it("changes the plan and the cancellation at Stripe first, so what Stripe charges is what Coffer shows; Stripe's echo announces nothing more", async () => {
    const owner = await account();
    const subscriptionId = `sub_${randomUUID()}`;
    stripeApi.subscriptions.set(subscriptionId, { accountId: owner.accountId, price: STRIPE.STRIPE_PRICE_BUSINESS, cancel: false });
    await caller.request(BillingSubject.PaymentWebhook, delivery('customer.subscription.created', subscriptionObject(owner.accountId, subscriptionId)));

    await expect(caller.request(BillingSubject.ChangePlan, { plan: 'pro' }, owner)).resolves.toMatchObject({ planType: 'pro', status: 'active' });
    expect(stripeApi.changes.filter((c) => c.subscriptionId === subscriptionId).map((c) => c.form)).toEqual([
      expect.objectContaining({
        'items[0][id]': 'si_1',
        'items[0][price]': STRIPE.STRIPE_PRICE_PRO,
        proration_behavior: 'create_prorations',
        'metadata[planType]': 'pro',
      }),
    ]);
    // Stripe's webhook for the same change follows: saved, not announced a second time.
    const echo = delivery('customer.subscription.updated', subscriptionObject(owner.accountId, subscriptionId, { price: STRIPE.STRIPE_PRICE_PRO }));
    await expect(caller.request(BillingSubject.PaymentWebhook, echo)).resolves.toEqual({ received: true, applied: true });

    await expect(caller.request(BillingSubject.CancelSubscription, {}, owner)).resolves.toMatchObject({ planType: 'pro', cancelAtPeriodEnd: true });
    expect(stripeApi.subscriptions.get(subscriptionId)).toMatchObject({ price: STRIPE.STRIPE_PRICE_PRO, cancel: true });

    // Stripe declines: nothing changes in Coffer either.
    stripeApi.decline = true;
    try {
      await expect(caller.request(BillingSubject.ResumeSubscription, {}, owner)).rejects.toMatchObject({ status: 503, message: PlanCopy.providerUnavailable });
    } finally {
      stripeApi.decline = false;
    }
    await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({ planType: 'pro', cancelAtPeriodEnd: true });
    expect(stripeApi.subscriptions.get(subscriptionId)).toMatchObject({ cancel: true });
    expect(await changes(owner.accountId)).toEqual(['subscribed', 'plan-changed', 'cancelled']);
  });

  it('refuses a bad signature, a tampered body and a missing header, changing nothing', async () => {
    const owner = await account();
    const object = {
      id: 'cs_test_2',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: owner.accountId,
      subscription: `sub_${owner.accountId}`,
      metadata: { planType: 'pro' },
    };
    const forged = delivery('checkout.session.completed', object, { secret: 'whsec_someone_else' });
    const genuine = delivery('checkout.session.completed', object);
    const tampered = { payload: genuine.payload.replace('"pro"', '"business"'), signature: genuine.signature };
    for (const attempt of [forged, tampered, { payload: genuine.payload, signature: '' }]) {
      await expect(caller.request(BillingSubject.PaymentWebhook, attempt)).rejects.toMatchObject({ status: 400, message: INVALID_SIGNATURE });
    }
    await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({ planType: null, status: 'none' });
    expect(await changes(owner.accountId)).toEqual([]);
  });
});
