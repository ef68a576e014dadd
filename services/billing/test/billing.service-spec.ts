import { randomUUID } from 'node:crypto';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { AuthEvent, BillingSubject } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { EventBus, loadConfig, runService } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { billingConfigSchema } from '../src/config.js';
import { ContactRequestsRepository } from '../src/contact-requests/contact-requests.repository.js';
import { SubscriptionsRepository } from '../src/subscriptions/subscriptions.repository.js';

Logger.overrideLogger(false);

describe.each(DATABASE_KINDS)('billing service on %s', (kind) => {
  let app: INestMicroservice;
  let caller: TestCaller;
  let publisher: EventBus;

  beforeAll(async () => {
    const config = loadConfig(billingConfigSchema, { ...(await freshDatabase(kind)), NATS_URL: testInfra().natsUrl, LOG_LEVEL: 'error' });
    app = await runService('billing', config, AppModule.forConfig(config));
    caller = new TestCaller();
    publisher = await EventBus.connect({ natsUrl: testInfra().natsUrl, consumer: 'billing-test-publisher', logger: new Logger('test') });
  });
  afterAll(async () => {
    await app.close();
    await caller.close();
    await publisher.close();
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

  it("gives a new account its subscription record, with no plan selected", async () => {
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
    });
    const member = { ...newCaller('member'), accountId: owner.accountId };
    await expect(caller.request(BillingSubject.StartTrial, { plan: 'pro' }, member)).rejects.toMatchObject({
      status: 403,
      message: 'Only the account owner can choose a plan',
    });

    const trial = await caller.request(BillingSubject.StartTrial, { plan: 'pro' }, owner);
    expect(trial).toMatchObject({ planType: 'pro', status: 'trial', storageLimitBytes: planFeatures('pro').storageLimit });
    const days = (Date.parse(trial.trialEndDate!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    await expect(caller.request(BillingSubject.GetPlan, {}, member)).resolves.toEqual(trial);
  });
});
