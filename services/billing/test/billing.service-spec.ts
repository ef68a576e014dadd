import { randomUUID } from 'node:crypto';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AuthEvent, BillingSubject, type ContactRequestCreated, type UserRegistered } from '@coffer/contracts';
import { DATABASE, EventBus, loadConfig, runService, type Database } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { billingConfigSchema } from '../src/config.js';
import { ContactRequestsRepository } from '../src/contact-requests/contact-requests.repository.js';
import { subscriptions } from '../src/db/schema.js';

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
    const reply = await caller.request<ContactRequestCreated>(BillingSubject.CreateContactRequest, {
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
    await expect(caller.request(BillingSubject.CreateContactRequest, input)).rejects.toEqual({ code: 'VALIDATION_FAILED', status: 400, message });
  });

  it("gives a new account its subscription record, with no plan selected", async () => {
    const accountId = randomUUID();
    const userId = randomUUID();
    await publisher.publish<UserRegistered>(AuthEvent.UserRegistered, {
      accountId,
      actorId: userId,
      payload: { userId, accountId, email: 'new@example.com', fullName: 'New Owner' },
    });
    const db = app.get<Database>(DATABASE);
    const [row] = await eventually(async () => {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
      return rows.length > 0 && rows;
    });
    expect(row).toMatchObject({ planType: null, status: 'none', trialEndDate: null });
  });
});
