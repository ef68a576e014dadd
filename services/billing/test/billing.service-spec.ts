import { randomUUID } from 'node:crypto';
import { Logger, type INestMicroservice } from '@nestjs/common';
import {
  AccountEvent,
  AuthEvent,
  AuthSubject,
  BillingEvent,
  BillingSubject,
  CONTACT_LIMIT_REACHED,
  FilesSubject,
  PlanCopy,
  PERSON_TRIAL_USED,
  personalDataInventorySubject,
  type DomainEvent,
  type SessionInfo,
  type SubscriptionChanged,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { DATABASE, EventBus, loadConfig, runService, ServiceRequester, type Database } from '@coffer/server-core';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { billingConfigSchema } from '../src/config.js';
import { ContactRequestsRepository } from '../src/contact-requests/contact-requests.repository.js';
import { setEnterprise, USAGE } from '../src/operator/set-enterprise.js';
import { Clock } from '../src/subscriptions/clock.js';
import { SubscriptionsRepository } from '../src/subscriptions/subscriptions.repository.js';
import { SubscriptionsService } from '../src/subscriptions/subscriptions.service.js';

const DAY_MS = 86_400_000;

/** Each user's address as auth would give it: `<user id>@example.com` unless a test gives them another. */
const addresses = new Map<string, string>();

/** The bytes each account's files use, as the files service would answer (0 unless a test sets it). */
const storageInUse = new Map<string, number>();

/** Auth and files are other services: billing's one requester gets the user (for the trial-started email) and the storage in use here. */
function answerSessionQuestions(requester: ServiceRequester) {
  const send = requester.request.bind(requester);
  requester.request = ((subject, payload, meta, timeoutMs) =>
    subject === FilesSubject.StorageUsage
      ? Promise.resolve({ usedBytes: storageInUse.get(meta!.caller!.accountId) ?? 0, limitBytes: 0 })
      : subject === AuthSubject.GetSession
        ? Promise.resolve({
            user: {
              id: meta?.caller?.userId,
              email: addresses.get(meta!.caller!.userId) ?? `${meta?.caller?.userId}@example.com`,
              fullName: 'Olive Owner',
              emailVerified: true,
              createdAt: new Date().toISOString(),
            },
            currentLevel: 'aal1',
            nextLevel: 'aal1',
            factors: [],
            recoveryCodesLeft: 0,
            twoFactorSetupRequired: false,
          } as SessionInfo)
        : send(subject, payload, meta, timeoutMs)) as ServiceRequester['request'];
}

Logger.overrideLogger(false);

describe.each(DATABASE_KINDS)('billing service on %s', (kind) => {
  let app: INestMicroservice;
  let caller: TestCaller;
  let publisher: EventBus;
  /** The service's environment: the operator's command runs with the same. */
  let serviceEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    serviceEnv = { ...(await freshDatabase(kind)), NATS_URL: testInfra().natsUrl, LOG_LEVEL: 'error' };
    const config = loadConfig(billingConfigSchema, serviceEnv);
    app = await runService('billing', config, AppModule.forConfig(config));
    answerSessionQuestions(app.get(ServiceRequester));
    caller = new TestCaller();
    publisher = await EventBus.connect({ nats: testInfra().natsUrl, consumer: 'billing-test-publisher', logger: new Logger('test') });
  });
  afterAll(async () => {
    await app.close();
    await caller.close();
    await publisher.close();
  });

  it('takes five Contact Sales requests an hour from one network, then refuses with 429 (other networks still get through)', async () => {
    const request = { name: 'Grace Hopper', email: 'grace@acme.example', company: 'Acme', message: 'We need 8 TB.' };
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i++) await caller.request(BillingSubject.CreateContactRequest, request, undefined, { clientIp: ip });
    await expect(caller.request(BillingSubject.CreateContactRequest, request, undefined, { clientIp: ip })).rejects.toMatchObject({
      status: 429,
      message: CONTACT_LIMIT_REACHED,
    });
    expect((await caller.request(BillingSubject.CreateContactRequest, request, undefined, { clientIp: '198.51.100.7' })).id).toEqual(expect.any(String));
  });

  it('stores a Contact Sales request, trimmed, with no phone when none was given', async () => {
    const reply = await caller.request(BillingSubject.CreateContactRequest, {
      name: '  Grace Hopper ',
      email: 'grace@acme.example',
      company: 'Acme',
      phone: '',
      message: 'We need 8 TB.',
    });
    const stored = await app.get(ContactRequestsRepository).findById(reply.id);
    expect(stored).toMatchObject({ name: 'Grace Hopper', email: 'grace@acme.example', company: 'Acme', phone: null, message: 'We need 8 TB.' });
  });

  it.each([
    [{ email: 'a@b.co', company: 'Acme', message: 'Hi' }, 'Please enter your full name'],
    [{ name: 'Ada', email: 'not-an-email', company: 'Acme', message: 'Hi' }, 'Please enter a valid email address'],
    [{ name: 'Ada', email: 'a@b.co', company: ' ', message: 'Hi' }, 'Please enter your company name'],
    [{ name: 'Ada', email: 'a@b.co', company: 'Acme', message: '' }, 'Please enter a message'],
  ])('refuses an incomplete request %j with "%s"', async (input, message) => {
    await expect(caller.requestUnchecked(BillingSubject.CreateContactRequest, input)).rejects.toEqual({ code: 'VALIDATION_FAILED', status: 400, message });
  });

  it('gives a new account its subscription record, with no plan selected', async () => {
    const accountId = randomUUID();
    const userId = randomUUID();
    await publisher.publish(AuthEvent.UserRegistered, {
      accountId,
      actorId: userId,
      payload: { userId, accountId, email: 'new@example.com', fullName: 'New Owner' },
    });
    const row = await eventually(() => app.get(SubscriptionsRepository).find(accountId));
    expect(row).toMatchObject({ planType: null, status: 'none', trialEndDate: null });
  });

  it("answers an account's plan, and lets only its owner start a 14-day trial", async () => {
    const owner = newCaller('owner');
    await expect(caller.request(BillingSubject.GetPlan, {}, owner)).resolves.toEqual({
      planType: null,
      status: 'none',
      trialEndDate: null,
      storageLimitBytes: planFeatures(null).storageLimit,
      features: planFeatures(null),
    });
    const member = { ...newCaller('member'), accountId: owner.accountId };
    await expect(caller.request(BillingSubject.StartTrial, { plan: 'pro' }, member)).rejects.toMatchObject({
      status: 403,
      message: 'Only the account owner can choose a plan',
    });

    const trial = await caller.request(BillingSubject.StartTrial, { plan: 'pro' }, owner);
    expect(trial).toMatchObject({ planType: 'pro', status: 'trial', storageLimitBytes: planFeatures('pro').storageLimit, features: planFeatures('pro') });
    const days = (Date.parse(trial.trialEndDate!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    await expect(caller.request(BillingSubject.GetSubscription, {}, member)).resolves.toEqual(trial);
  });

  it('keeps the end date when the owner switches plan during the trial, and gives each plan its features', async () => {
    const owner = newCaller('owner');
    const first = await caller.request(BillingSubject.StartTrial, { plan: 'starter' }, owner);
    expect(first.features).toEqual(planFeatures('starter'));
    for (const plan of ['business', 'pro', 'starter'] as const) {
      const switched = await caller.request(BillingSubject.StartTrial, { plan }, owner);
      expect(switched).toEqual({ ...first, planType: plan, storageLimitBytes: planFeatures(plan).storageLimit, features: planFeatures(plan) });
    }
  });

  it('ends trials past their date once (no plan selected, the features of no plan), and refuses a second trial', async () => {
    const owner = newCaller('owner');
    const later = newCaller('owner');
    const trial = await caller.request(BillingSubject.StartTrial, { plan: 'business' }, owner);
    const service = app.get(SubscriptionsService);
    const clock = app.get(Clock);
    const realNow = clock.now.bind(clock);
    try {
      // A day before the end nothing ends; the moment after it, the trial ends.
      clock.now = () => new Date(Date.parse(trial.trialEndDate!) - DAY_MS);
      await service.endTrials();
      expect((await caller.request(BillingSubject.GetPlan, {}, owner)).status).toBe('trial');
      await caller.request(BillingSubject.StartTrial, { plan: 'pro' }, later);
      clock.now = () => new Date(Date.parse(trial.trialEndDate!) + 1000);
      expect(await service.endTrials()).toBeGreaterThanOrEqual(1);
    } finally {
      clock.now = realNow;
    }
    await expect(caller.request(BillingSubject.GetPlan, {}, owner)).resolves.toEqual({
      planType: null,
      status: 'none',
      trialEndDate: trial.trialEndDate,
      storageLimitBytes: planFeatures(null).storageLimit,
      features: planFeatures(null),
    });
    // A trial started after the first one ended later still runs.
    expect((await caller.request(BillingSubject.GetPlan, {}, later)).status).toBe('trial');
    await expect(caller.request(BillingSubject.StartTrial, { plan: 'pro' }, owner)).rejects.toMatchObject({
      status: 409,
      message: 'Your account has already used its free trial',
    });
  });

  describe('subscriptions', () => {
    const GB = 1024 ** 3;
    const withClock = async <T>(at: Date, work: () => Promise<T>) => {
      const clock = app.get(Clock);
      const realNow = clock.now.bind(clock);
      clock.now = () => at;
      try {
        return await work();
      } finally {
        clock.now = realNow;
      }
    };

    it('subscribes the owner during the trial or after it: active for a month, no trial left to start', async () => {
      const during = newCaller('owner');
      const trial = await caller.request(BillingSubject.StartTrial, { plan: 'starter' }, during);
      expect(trial).toMatchObject({ trialUsed: true, trialAvailable: false, paymentProvider: 'placeholder', periodEndDate: null });
      const active = await caller.request(BillingSubject.Subscribe, { plan: 'business' }, during);
      expect(active).toMatchObject({
        planType: 'business',
        status: 'active',
        trialEndDate: null,
        cancelAtPeriodEnd: false,
        features: planFeatures('business'),
      });
      const days = (Date.parse(active.periodEndDate!) - Date.now()) / DAY_MS;
      expect(days).toBeGreaterThan(27);
      expect(days).toBeLessThanOrEqual(31);
      await expect(caller.request(BillingSubject.Subscribe, { plan: 'pro' }, during)).rejects.toMatchObject({
        status: 409,
        message: PlanCopy.alreadySubscribed('Business Plan'),
      });
      // An active plan has no trial to switch to.
      await expect(caller.request(BillingSubject.StartTrial, { plan: 'pro' }, during)).rejects.toMatchObject({ status: 409 });

      const after = newCaller('owner');
      await caller.request(BillingSubject.StartTrial, { plan: 'pro' }, after);
      await caller.request(BillingSubject.AdvanceClock, { days: 14 }, after);
      await expect(caller.request(BillingSubject.GetSubscription, {}, after)).resolves.toMatchObject({
        status: 'none',
        trialUsed: true,
        trialAvailable: false,
      });
      await expect(caller.request(BillingSubject.Subscribe, { plan: 'pro' }, after)).resolves.toMatchObject({ planType: 'pro', status: 'active' });

      // Without any trial, too; and only the owner.
      const fresh = newCaller('owner');
      await expect(caller.request(BillingSubject.GetSubscription, {}, fresh)).resolves.toMatchObject({ trialUsed: false, trialAvailable: true });
      await expect(caller.request(BillingSubject.Subscribe, { plan: 'starter' }, { ...newCaller('admin'), accountId: fresh.accountId })).rejects.toMatchObject({
        status: 403,
      });
    });

    it('changes plan up and down, refusing a plan smaller than the storage in use with the numbers', async () => {
      const owner = newCaller('owner');
      await expect(caller.request(BillingSubject.ChangePlan, { plan: 'pro' }, owner)).rejects.toMatchObject({ status: 409, message: PlanCopy.notSubscribed });
      await caller.request(BillingSubject.Subscribe, { plan: 'business' }, owner);
      await expect(caller.request(BillingSubject.ChangePlan, { plan: 'pro' }, owner)).resolves.toMatchObject({ planType: 'pro', status: 'active' });
      storageInUse.set(owner.accountId, 612.5 * GB);
      await expect(caller.request(BillingSubject.ChangePlan, { plan: 'starter' }, owner)).rejects.toEqual({
        code: 'CONFLICT',
        status: 409,
        message: 'Your files use 612.5 GB, more than the 500 GB of Starter Plan. Free up space before changing to this plan.',
      });
      storageInUse.set(owner.accountId, 499 * GB);
      await expect(caller.request(BillingSubject.ChangePlan, { plan: 'starter' }, owner)).resolves.toMatchObject({ planType: 'starter' });
      await expect(caller.request(BillingSubject.ChangePlan, { plan: 'starter' }, owner)).rejects.toMatchObject({ status: 409 });
      await expect(caller.request(BillingSubject.ChangePlan, { plan: 'pro' }, { ...newCaller('member'), accountId: owner.accountId })).rejects.toMatchObject({
        status: 403,
      });
    });

    it('cancels (the plan stays until the period ends, then no plan selected), resumes before the end, and renews an uncancelled period', async () => {
      const owner = newCaller('owner');
      const active = await caller.request(BillingSubject.Subscribe, { plan: 'business' }, owner);
      const periodEnd = Date.parse(active.periodEndDate!);
      const cancelled = await caller.request(BillingSubject.CancelSubscription, {}, owner);
      expect(cancelled).toMatchObject({ planType: 'business', status: 'active', cancelAtPeriodEnd: true, periodEndDate: active.periodEndDate });
      await expect(caller.request(BillingSubject.CancelSubscription, {}, owner)).rejects.toMatchObject({ status: 409, message: PlanCopy.alreadyCancelled });
      await expect(caller.request(BillingSubject.ResumeSubscription, {}, owner)).resolves.toMatchObject({ cancelAtPeriodEnd: false });
      await expect(caller.request(BillingSubject.ResumeSubscription, {}, owner)).rejects.toMatchObject({ status: 409, message: PlanCopy.notCancelled });

      // Uncancelled, the period renews a month on.
      const service = app.get(SubscriptionsService);
      await withClock(new Date(periodEnd + 1000), () => service.endTrials());
      const renewed = await caller.request(BillingSubject.GetSubscription, {}, owner);
      expect(renewed).toMatchObject({ status: 'active', planType: 'business' });
      expect(Date.parse(renewed.periodEndDate!)).toBeGreaterThan(periodEnd + 27 * DAY_MS);

      await caller.request(BillingSubject.CancelSubscription, {}, owner);
      await withClock(new Date(Date.parse(renewed.periodEndDate!) - 1000), () => service.endTrials());
      await expect(caller.request(BillingSubject.GetPlan, {}, owner)).resolves.toMatchObject({ status: 'active', planType: 'business' });
      await withClock(new Date(Date.parse(renewed.periodEndDate!) + 1000), () => service.endTrials());
      await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({
        planType: null,
        status: 'none',
        periodEndDate: null,
        cancelAtPeriodEnd: false,
        features: planFeatures(null),
      });
      await expect(caller.request(BillingSubject.ResumeSubscription, {}, owner)).rejects.toMatchObject({ status: 409, message: PlanCopy.notSubscribed });
    });

    it('announces every change with the owner to tell and the plan it is about', async () => {
      const owner = newCaller('owner');
      await caller.request(BillingSubject.StartTrial, { plan: 'starter' }, owner);
      await caller.request(BillingSubject.StartTrial, { plan: 'business' }, owner);
      await caller.request(BillingSubject.Subscribe, { plan: 'business' }, owner);
      await caller.request(BillingSubject.ChangePlan, { plan: 'pro' }, owner);
      await caller.request(BillingSubject.CancelSubscription, {}, owner);
      await caller.request(BillingSubject.ResumeSubscription, {}, owner);
      // Recorded in the outbox with each change, in order.
      const { rows } = (await app
        .get<Database>(DATABASE)
        .execute(
          sql`select event from outbox where subject = ${BillingEvent.SubscriptionChanged} and event->>'accountId' = ${owner.accountId} order by created_at, id`,
        )) as unknown as { rows: { event: DomainEvent<SubscriptionChanged> }[] };
      const seen = rows.map(({ event }) => ({ reason: event.payload.reason, planName: event.payload.planName, ownerId: event.payload.ownerId }));
      expect(seen).toEqual(
        [
          ['trial-started', 'Starter Plan'],
          ['plan-switched', 'Business Plan'],
          ['subscribed', 'Business Plan'],
          ['plan-changed', 'Pro Plan'],
          ['cancelled', 'Pro Plan'],
          ['resumed', 'Pro Plan'],
        ].map(([reason, planName]) => ({ reason, planName, ownerId: owner.userId })),
      );
    });
  });

  // PGlite is one process's database: the command runs beside the service only on PostgreSQL, as in production.
  (kind === 'postgres' ? it : it.skip)('sets an account to Enterprise by the operator command, announced like every plan change', async () => {
    const owner = newCaller('owner');
    await publisher.publish(AuthEvent.UserRegistered, {
      accountId: owner.accountId,
      actorId: owner.userId,
      payload: { userId: owner.userId, accountId: owner.accountId, email: 'sales-deal@example.com', fullName: 'Deal Owner' },
    });
    await eventually(() => app.get(SubscriptionsRepository).find(owner.accountId));
    const printed: string[] = [];
    expect(await setEnterprise(['not-an-id'], serviceEnv, (line) => printed.push(line))).toBe(2);
    expect(await setEnterprise([randomUUID()], serviceEnv, (line) => printed.push(line))).toBe(1);
    expect(await setEnterprise([owner.accountId], serviceEnv, (line) => printed.push(line))).toBe(0);
    expect(printed).toEqual([USAGE, 'Not changed: Account not found', `Account ${owner.accountId} is now on the Enterprise plan (active).`]);

    await expect(caller.request(BillingSubject.GetSubscription, {}, owner)).resolves.toMatchObject({
      planType: 'enterprise',
      status: 'active',
      periodEndDate: null,
      features: planFeatures('enterprise'),
    });
    const { rows } = (await app
      .get<Database>(DATABASE)
      .execute(sql`select event from outbox where subject = ${BillingEvent.SubscriptionChanged} and event->>'accountId' = ${owner.accountId}`)) as unknown as {
      rows: { event: DomainEvent<SubscriptionChanged> }[];
    };
    expect(rows.map(({ event }) => [event.payload.reason, event.payload.planName, event.payload.ownerId])).toEqual([
      ['enterprise', 'Enterprise', owner.userId],
    ]);
    // Sales changes it, not the owner's checkout.
    await expect(caller.request(BillingSubject.CancelSubscription, {}, owner)).rejects.toMatchObject({ status: 409, message: PlanCopy.enterpriseBySales });
    await expect(caller.request(BillingSubject.ChangePlan, { plan: 'pro' }, owner)).rejects.toMatchObject({ status: 409, message: PlanCopy.enterpriseBySales });
  });

  it("moves only the caller's account's clock (development only), ending its trial at once", async () => {
    const owner = newCaller('owner');
    const other = newCaller('owner');
    await caller.request(BillingSubject.StartTrial, { plan: 'pro' }, owner);
    await caller.request(BillingSubject.StartTrial, { plan: 'pro' }, other);
    await expect(caller.request(BillingSubject.AdvanceClock, { days: 13 }, owner)).resolves.toMatchObject({ status: 'trial', planType: 'pro' });
    await expect(caller.request(BillingSubject.AdvanceClock, { days: 1 }, owner)).resolves.toMatchObject({ status: 'none', planType: null });
    await expect(caller.request(BillingSubject.GetPlan, {}, other)).resolves.toMatchObject({ status: 'trial', planType: 'pro' });
    await expect(caller.requestUnchecked(BillingSubject.AdvanceClock, { days: 0 }, owner)).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a trial to the person who started one in another account: removed into an account of their own, they get no second trial', async () => {
    const owner = newCaller('owner');
    await caller.request(BillingSubject.StartTrial, { plan: 'pro' }, owner);
    // Invited elsewhere, then removed: the same person owns a new account (auth's removal gives them one).
    const removed = { ...owner, accountId: randomUUID() };
    await expect(caller.request(BillingSubject.StartTrial, { plan: 'pro' }, removed)).rejects.toEqual({
      code: 'CONFLICT',
      status: 409,
      message: PERSON_TRIAL_USED,
    });
    await expect(caller.request(BillingSubject.GetPlan, {}, removed)).resolves.toMatchObject({ status: 'none', planType: null });
    // The rule is the starter's alone: a member of an account on trial who goes on to own an account gets its trial.
    const member = { ...newCaller('member'), accountId: owner.accountId };
    await expect(caller.request(BillingSubject.StartTrial, { plan: 'starter' }, { ...member, role: 'owner', accountId: randomUUID() })).resolves.toMatchObject({
      status: 'trial',
    });
  });

  it('refuses a trial to an address that had one, after its user was deleted and registered again (any case): billing keeps only its hash', async () => {
    const owner = newCaller('owner');
    const address = `Erased.${randomUUID()}@Example.com`;
    addresses.set(owner.userId, address);
    await caller.request(BillingSubject.StartTrial, { plan: 'business' }, owner);
    await publisher.publish(AccountEvent.UserDeleted, {
      accountId: owner.accountId,
      actorId: owner.userId,
      payload: { userId: owner.userId, email: address.toLowerCase(), accountId: owner.accountId, accountDeleted: true },
    });
    const inventory = personalDataInventorySubject('billing');
    const person = { userId: owner.userId, email: address.toLowerCase() };
    await eventually(async () => ((await caller.request(inventory, person)).counts.subscriptions === 0 ? true : undefined));
    expect((await caller.request(inventory, person)).counts).toEqual({ subscriptions: 0, contact_requests: 0, used_trials: 0 });

    const again = newCaller('owner');
    addresses.set(again.userId, ` ${address.toUpperCase()}`);
    await expect(caller.request(BillingSubject.StartTrial, { plan: 'pro' }, again)).rejects.toEqual({
      code: 'CONFLICT',
      status: 409,
      message: PERSON_TRIAL_USED,
    });
    // Another address is another person.
    const other = newCaller('owner');
    await expect(caller.request(BillingSubject.StartTrial, { plan: 'pro' }, other)).resolves.toMatchObject({ status: 'trial' });
  });
});
