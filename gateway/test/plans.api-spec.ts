import { randomBytes } from 'node:crypto';
import {
  longUsDate,
  PERSON_TRIAL_USED,
  type AccountPlan,
  type FileItem,
  type FileLink,
  type HttpErrorBody,
  type ListFilesReply,
  type ListTeamReply,
  type ListNotificationsReply,
  type ShareItem,
  type StorageUsage,
  type Subscription,
  type UploadSlot,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import Stripe from 'stripe';
import {
  appUrl,
  call,
  devKeyHeaders,
  eventually,
  capturedMailTo,
  invite,
  joinedMember,
  mailTo,
  refreshed,
  signedInAgain,
  signUp,
  uniqueEmail,
  type TestUser,
} from './support.js';

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const TB = 1024 ** 4;
const DAY_MS = 86_400_000;
const INVITATION_LINK = /\/login\?invite=([A-Za-z0-9_-]+)/;

/** Spec §3, §6 and §9: what each plan allows (the table libs/plans tests). No plan selected has the trial's features. */
const featuresOf = (state: 'none' | 'starter' | 'business' | 'pro') => planFeatures(state === 'none' ? null : state);

const subscription = (user: TestUser, token = user.accessToken) => call<AccountPlan & HttpErrorBody>('/api/subscription', { token });
const startTrial = (plan: unknown, token: string) => call<AccountPlan & HttpErrorBody>('/api/subscription/trial', { body: { plan }, token });
const advanceClock = (user: TestUser, days: number) =>
  call<AccountPlan & HttpErrorBody>('/dev/clock', { body: { days }, token: user.accessToken, headers: devKeyHeaders() });
const subscribe = (plan: unknown, token: string) => call<Subscription & HttpErrorBody>('/api/subscription', { body: { plan }, token });
const changePlan = (plan: unknown, token: string) => call<Subscription & HttpErrorBody>('/api/subscription/plan', { method: 'PUT', body: { plan }, token });
const cancel = (token: string) => call<Subscription & HttpErrorBody>('/api/subscription/cancel', { method: 'POST', token });
const resume = (token: string) => call<Subscription & HttpErrorBody>('/api/subscription/resume', { method: 'POST', token });
const usage = async (user: TestUser) => (await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body;

async function uploadFile(user: TestUser, name: string, bytes: Buffer): Promise<FileItem> {
  await eventually(async () => (await call<ListFilesReply>('/api/files?folder=root', { token: user.accessToken })).body.items.length >= 4);
  const slot = await call<UploadSlot>('/api/uploads', {
    body: { name, size: bytes.length, mimeType: 'application/pdf', folderId: 'root' },
    token: user.accessToken,
  });
  await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(bytes) });
  return (await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken })).body;
}

/** The status of sharing `file` with each Pro restriction alone (a new recipient each time). */
async function restrictionStatuses(user: TestUser, file: FileItem) {
  const statuses: number[] = [];
  for (const restriction of [{ allowedIps: ['203.0.113.7'] }, { expiresInDays: 7 }, { maxAccessCount: 3 }]) {
    const made = await call<ShareItem>('/api/shares', { body: { fileId: file.id, email: uniqueEmail('recipient'), ...restriction }, token: user.accessToken });
    statuses.push(made.status);
  }
  return statuses;
}

describe('plans', () => {
  it('gives every plan its features and storage limit from the one feature table, and gates the Pro share restrictions by them', async () => {
    const owner = await signUp();
    const file = await uploadFile(owner, 'Plan.pdf', randomBytes(1024));

    const none = (await subscription(owner)).body;
    expect(none).toEqual({
      planType: null,
      status: 'none',
      trialEndDate: null,
      storageLimitBytes: 10 * GB,
      features: featuresOf('none'),
      periodEndDate: null,
      cancelAtPeriodEnd: false,
      trialUsed: false,
      trialAvailable: true,
      paymentProvider: 'placeholder',
    });
    expect((await usage(owner)).limitBytes).toBe(10 * GB);
    expect(await restrictionStatuses(owner, file)).toEqual([403, 403, 403]);

    for (const plan of ['starter', 'business', 'pro', 'starter'] as const) {
      const chosen = await startTrial(plan, owner.accessToken);
      expect(chosen.status).toBe(201);
      expect(chosen.body).toMatchObject({ planType: plan, status: 'trial', storageLimitBytes: featuresOf(plan).storageLimit, features: featuresOf(plan) });
      expect((await subscription(owner)).body).toEqual(chosen.body);
      // The files service asks billing each time: the new limit counts at once.
      expect((await usage(owner)).limitBytes).toBe(featuresOf(plan).storageLimit);
      const allowed = featuresOf(plan).hasAdvancedSecurity ? 201 : 403;
      expect(await restrictionStatuses(owner, file)).toEqual([allowed, allowed, allowed]);
    }
  });

  it('starts the 14-day trial for the owner only, emails it, and keeps its end date when the plan changes', async () => {
    const owner = await signUp({ fullName: 'Olive Owner' });
    const member = (await joinedMember(owner, 'member')).accessToken;
    const admin = (await joinedMember(owner, 'admin')).accessToken;
    for (const token of [member, admin]) {
      expect((await startTrial('business', token)).body).toMatchObject({ statusCode: 403, message: 'Only the account owner can choose a plan' });
    }
    expect((await startTrial('enterprise', owner.accessToken)).body).toMatchObject({ statusCode: 400, message: 'Please choose a plan' });
    expect((await subscription(owner)).body.status).toBe('none');

    const started = await startTrial('business', owner.accessToken);
    expect(started.status).toBe(201);
    const end = Date.parse(started.body.trialEndDate!);
    expect(end - Date.now()).toBeGreaterThan(14 * DAY_MS - 60_000);
    expect(end - Date.now()).toBeLessThanOrEqual(14 * DAY_MS);
    // A member sees the account's plan.
    expect((await subscription(owner, member)).body).toEqual(started.body);

    const mail = await mailTo(owner.email, 'Your 14-day free trial of Business Plan has begun');
    const longDate = new Date(end).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(mail.text).toContain('Hi Olive Owner,');
    expect(mail.text).toContain(`Your trial ends on ${longDate}.`);
    expect(mail.text).toMatch(/https?:\/\/[^\s]+\/dashboard/);

    const switched = await startTrial('pro', owner.accessToken);
    expect(switched.body).toMatchObject({ planType: 'pro', status: 'trial', trialEndDate: started.body.trialEndDate });
    expect((await startTrial('starter', member)).status).toBe(403);
    expect((await subscription(owner)).body.planType).toBe('pro');
  });

  it('ends the trial when its date passes: no plan selected, files still readable, uploads over the limit refused, no second trial', async () => {
    const owner = await signUp();
    const file = await uploadFile(owner, 'Kept.pdf', randomBytes(2048));
    const trial = (await startTrial('pro', owner.accessToken)).body;
    expect((await usage(owner)).limitBytes).toBe(5 * TB);
    for (let i = 0; i < 205; i++) {
      const slot = await call('/api/uploads', { body: { name: `part-${i}.bin`, size: 50 * MB }, token: owner.accessToken });
      expect(slot.status).toBe(201);
    }

    // Thirteen days on, the trial has a day left (the account's dates move back by the days its clock moved on).
    const dayLeft = await advanceClock(owner, 13);
    expect(dayLeft.body).toMatchObject({ planType: 'pro', status: 'trial' });
    expect(Date.parse(dayLeft.body.trialEndDate!)).toBe(Date.parse(trial.trialEndDate!) - 13 * DAY_MS);
    const ended = await advanceClock(owner, 1);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ planType: null, status: 'none', storageLimitBytes: 10 * GB, features: featuresOf('none') });
    expect((await subscription(owner)).body).toMatchObject({ planType: null, status: 'none' });

    expect((await usage(owner)).limitBytes).toBe(10 * GB);
    const link = await call<FileLink>(`/api/files/${file.id}/link?disposition=attachment`, { token: owner.accessToken });
    expect(link.status).toBe(200);
    expect((await fetch(link.body.url)).status).toBe(200);
    // What the Pro trial held (205 open 50 MB slots: just over 10 GB) now exceeds the limit: even 1 KB more is refused.
    const over = await call<HttpErrorBody>('/api/uploads', {
      body: { name: 'note.txt', size: 1024, mimeType: 'text/plain', folderId: 'root' },
      token: owner.accessToken,
    });
    expect(over.status).toBe(413);
    expect(over.body.message).toBe("There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.");
    expect(await restrictionStatuses(owner, file)).toEqual([403, 403, 403]);

    expect((await startTrial('starter', owner.accessToken)).body).toMatchObject({ statusCode: 409, message: 'Your account has already used its free trial' });
    expect((await advanceClock(owner, 0)).body).toMatchObject({ statusCode: 400 });
  });
  it('tells the owner once, three days before the trial ends', async () => {
    const owner = await signUp();
    const trial = (await startTrial('business', owner.accessToken)).body;
    const endingNotices = async () =>
      (await call<ListNotificationsReply>('/api/notifications', { token: owner.accessToken })).body.items.filter((n) => n.type === 'trial_ending');
    expect((await advanceClock(owner, 10)).status).toBe(200);
    // Four days left: not yet. Three days left: the notice, once, however often the job runs.
    expect(await endingNotices()).toEqual([]);
    expect((await advanceClock(owner, 1)).status).toBe(200);
    const [notice] = await eventually(async () => {
      const found = await endingNotices();
      return found.length > 0 && found;
    });
    const endDate = longUsDate(new Date(Date.parse(trial.trialEndDate!) - 11 * DAY_MS).toISOString());
    expect(notice).toMatchObject({
      title: 'Your trial ends soon',
      message: `Your 14-day free trial of Business Plan ends on ${endDate}. Choose a plan to keep your team's features.`,
      metadata: { plan_name: 'Business Plan' },
    });
    // And an email, with the way to choose a plan.
    const ending = await mailTo(owner.email, `Your free trial ends on ${endDate}`);
    expect(ending.text).toMatch(/Choose a plan: https?:\/\/[^\s]+\/pricing/);
    expect((await advanceClock(owner, 1)).status).toBe(200);
    // The trial's end comes after any second notice would (billing's events arrive in order): once the
    // notification service has seen it (the plan no longer keeps an audit log), there is still one notice.
    expect((await advanceClock(owner, 2)).body.status).toBe('none');
    await eventually(async () => (await call('/api/audit-logs', { token: owner.accessToken })).status === 403);
    expect(await endingNotices()).toHaveLength(1);
  });

  it('gives one trial per person: invited, joined from the link, removed into an account of their own, their trial is refused there, deleted and registered again included', async () => {
    const email = uniqueEmail('hopper');
    /** Invites `email` to a new company, signs them up from the email's link, and removes them: they own an account of their own. */
    const invitedAndRemoved = async () => {
      const company = await signUp({ fullName: 'Company Owner' });
      const invitations = async () => (await capturedMailTo(email)).filter((m) => INVITATION_LINK.test(m.text));
      const sent = (await invitations()).length;
      expect((await invite(company, email)).status).toBe(201);
      // The newest invitation's link (the address had one before, from the other company).
      const mail = await eventually(async () => (await invitations()).length > sent && (await invitations())[0]);
      const member = await signUp({ email, fullName: 'Trial Hopper', inviteToken: INVITATION_LINK.exec(mail.text)![1] });
      const team = await call<ListTeamReply>('/api/team', { token: company.accessToken });
      const row = team.body.items.find((m) => m.email === email)!;
      expect((await call(`/api/team/members/${row.id}`, { method: 'DELETE', token: company.accessToken })).status).toBe(200);
      const own = await signedInAgain(member);
      expect((await subscription(own)).body).toMatchObject({ planType: null, status: 'none' });
      return own;
    };

    // The first time, their new account gets its trial.
    const first = await invitedAndRemoved();
    expect((await startTrial('pro', first.accessToken)).status).toBe(201);
    // They delete that account, and the same address is invited, joins and is removed again: no second trial.
    expect((await call('/api/account/delete', { body: { email }, token: first.accessToken })).status).toBe(200);
    const again = await invitedAndRemoved();
    expect(again.userId).not.toBe(first.userId);
    const refused = await startTrial('pro', again.accessToken);
    expect([refused.status, refused.body.message]).toEqual([409, PERSON_TRIAL_USED]);
    expect((await subscription(again)).body).toMatchObject({ planType: null, status: 'none' });
  });

  it('takes an account through every state: none, trial, active, changed, cancelled, resumed, ended; each change audited and emailed to the owner', async () => {
    const owner = await signUp({ fullName: 'Olive Owner' });
    const member = (await joinedMember(owner, 'member')).accessToken;
    // Only the owner subscribes, changes, cancels and resumes.
    for (const refused of [subscribe('business', member), changePlan('pro', member), cancel(member), resume(member)]) {
      expect((await refused).status).toBe(403);
    }
    expect((await subscribe('enterprise', owner.accessToken)).status).toBe(400);
    expect((await cancel(owner.accessToken)).body).toMatchObject({ statusCode: 409, message: 'Your account has no active subscription' });

    const trial = (await startTrial('starter', owner.accessToken)).body;
    const switched = await startTrial('business', owner.accessToken);
    expect(switched.body).toMatchObject({ planType: 'business', status: 'trial', trialEndDate: trial.trialEndDate });
    const switchMail = await mailTo(owner.email, 'You switched to Business Plan');
    expect(switchMail.text).toContain(`Your trial still ends on ${longUsDate(trial.trialEndDate!)}.`);

    // The trial ends: no plan selected, and no free trial to start again; subscribing is what is left.
    expect((await advanceClock(owner, 14)).body).toMatchObject({ status: 'none', trialUsed: true, trialAvailable: false });
    expect((await mailTo(owner.email, 'Your free trial has ended')).text).toContain('Your files stay readable');

    const active = await subscribe('business', owner.accessToken);
    expect(active.status).toBe(201);
    expect(active.body).toMatchObject({
      planType: 'business',
      status: 'active',
      cancelAtPeriodEnd: false,
      storageLimitBytes: featuresOf('business').storageLimit,
    });
    expect((await subscription(owner, member)).body).toEqual(active.body);
    expect((await usage(owner)).limitBytes).toBe(featuresOf('business').storageLimit);
    expect((await subscribe('pro', owner.accessToken)).body).toMatchObject({ statusCode: 409, message: 'Your account is already subscribed to Business Plan' });
    expect((await mailTo(owner.email, 'You are now subscribed to Business Plan')).text).toContain(`renews on ${longUsDate(active.body.periodEndDate!)}`);

    // Down to Starter: the files fit in its 500 GB.
    expect((await changePlan('starter', owner.accessToken)).body).toMatchObject({ planType: 'starter', status: 'active' });
    expect((await usage(owner)).limitBytes).toBe(featuresOf('starter').storageLimit);
    await mailTo(owner.email, 'Your plan is now Starter Plan');

    const cancelled = await cancel(owner.accessToken);
    expect(cancelled.body).toMatchObject({ planType: 'starter', status: 'active', cancelAtPeriodEnd: true, periodEndDate: active.body.periodEndDate });
    expect((await mailTo(owner.email, 'Your Starter Plan subscription is cancelled')).text).toContain(
      `stays yours until ${longUsDate(active.body.periodEndDate!)}`,
    );
    expect((await resume(owner.accessToken)).body).toMatchObject({ cancelAtPeriodEnd: false });
    await mailTo(owner.email, 'Your Starter Plan subscription continues');
    expect((await cancel(owner.accessToken)).status).toBe(200);

    // The period ends: no plan selected, files kept readable, resuming refused.
    const ended = await advanceClock(owner, 31);
    expect(ended.body).toMatchObject({ planType: null, status: 'none', periodEndDate: null, cancelAtPeriodEnd: false, storageLimitBytes: 10 * GB });
    expect((await mailTo(owner.email, 'Your Starter Plan subscription has ended')).text).toContain('Your files stay readable');
    expect((await resume(owner.accessToken)).body).toMatchObject({ statusCode: 409, message: 'Your account has no active subscription' });
    // After it, the owner can subscribe again from the same checkout.
    expect((await subscribe('pro', owner.accessToken)).body).toMatchObject({ planType: 'pro', status: 'active' });
  });

  it('keeps each plan change in the audit log, with who made it', async () => {
    const owner = await signUp({ fullName: 'Audra Owner' });
    await subscribe('business', owner.accessToken);
    await changePlan('pro', owner.accessToken);
    await cancel(owner.accessToken);
    const entries = await eventually(async () => {
      const log = await call<{ items: { action: string; actorName: string | null; details: Record<string, string> }[] }>('/api/audit-logs', {
        token: owner.accessToken,
      });
      const changes = log.body.items.filter((e) => e.action === 'plan.change');
      return changes.length >= 2 && changes.slice(0, 2);
    });
    expect(entries.map((e) => [e.details.change, e.details.plan, e.actorName])).toEqual([
      ['cancelled', 'Pro Plan', 'Audra Owner'],
      ['plan-changed', 'Pro Plan', 'Audra Owner'],
    ]);
  });

  it("applies Stripe's signed webhook once through the gateway, ignores its replay and refuses a bad signature", async () => {
    const owner = await signUp();
    const { accountId } = (await call<{ accountId: string }>('/api/profile', { token: owner.accessToken })).body;
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: accountId,
          subscription: `sub_${randomBytes(8).toString('hex')}`,
          metadata: { planType: 'pro' },
        },
      },
    });
    const deliver = (signature: string, body = payload) =>
      fetch(`${appUrl()}/api/billing/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
    // The test stack's signing secret (deploy/local/stack.mjs TEST_STACK_ENV); the package signs as Stripe does.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_coffer_test_stack' });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });

    const refused = await deliver(forged);
    expect([refused.status, ((await refused.json()) as HttpErrorBody).message]).toEqual([400, 'The webhook signature is not valid']);
    expect((await subscription(owner)).body).toMatchObject({ status: 'none' });

    const first = await deliver(signed);
    expect([first.status, await first.json()]).toEqual([200, { received: true, applied: true }]);
    expect((await subscription(owner)).body).toMatchObject({ planType: 'pro', status: 'active' });
    const replay = await deliver(signed);
    expect([replay.status, await replay.json()]).toEqual([200, { received: true, applied: false }]);
    // The body the signature covers, byte for byte: reformatted JSON is refused.
    expect((await deliver(signed, JSON.stringify(JSON.parse(payload), null, 2))).status).toBe(400);
  });
});
