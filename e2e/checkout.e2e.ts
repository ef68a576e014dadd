import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CapturedMail } from '@coffer/contracts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { toastWith } from './support/files';
import { devKeyHeaders, mailTo } from './support/mail';
import { signUpThroughApi } from './support/session';

const settingsTabs = (page: Page) => page.getByRole('tablist').getByRole('tab');

test('a visitor picks a plan on /pricing, signs in, corrects the card and starts the 14-day trial', async ({ page, request }) => {
  // An existing customer, signed out in this browser.
  const user = { fullName: 'Olive Owner', email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  expect((await request.post('/api/auth/sign-up', { data: user })).status()).toBe(201);

  await page.goto('/pricing');
  const business = page.getByRole('article').filter({ hasText: 'Business Plan' });
  await business.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout%3Fplan%3Dbusiness$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  // Back to the same checkout.
  await expect(page).toHaveURL(/\/checkout\?plan=business$/);
  await expect(page.getByRole('heading', { name: 'Business Plan', exact: true })).toBeVisible();
  await expect(page.getByText('14 days free trial')).toBeVisible();
  await expect(page.getByText('No charge today. Cancel anytime.')).toBeVisible();
  await expect(page.getByText('$35 / £29')).toBeVisible();

  const start = page.getByRole('button', { name: 'Start 14-Day Free Trial' });
  await start.click();
  await expect(page.getByText('Please enter the cardholder name')).toBeVisible();
  await expect(page.getByText('Please enter your card number')).toBeVisible();
  await expect(page.getByText('Please enter the expiry date')).toBeVisible();
  await expect(page.getByText('Please enter the CVC')).toBeVisible();

  await page.getByLabel('Cardholder name').fill('Olive Owner');
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry (MM/YY)').fill('01/20');
  await page.getByLabel('CVC').fill('12');
  await expect(page.getByText('Please enter a valid card number')).toBeVisible();
  await expect(page.getByText('This card has expired')).toBeVisible();
  await expect(page.getByText('The CVC is the 3 or 4 digits on your card')).toBeVisible();

  // No card detail ever leaves the page: record every request from here on.
  const sent: string[] = [];
  page.on('request', (req) => sent.push(`${req.url()} ${req.postData() ?? ''}`));
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('1299');
  await page.getByLabel('CVC').fill('123');
  await start.click();
  await expect(page.getByRole('button', { name: 'Starting Trial...' })).toBeDisabled();
  await expect(toastWith(page, 'Trial started!')).toContainText('Your 14-day free trial of Business Plan has begun.');
  await expect(page).toHaveURL(/\/dashboard(\/files)?$/);
  expect(sent.filter((line) => /4242|12\/99|Olive Owner/.test(line))).toEqual([]);

  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Business Plan Settings' })).toBeVisible();
  await expect(settingsTabs(page)).toHaveText(['General', 'Security', 'Storage', 'Branding', 'Permissions', 'Audit Logs']);
  await page.getByRole('tab', { name: 'Storage' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Storage' }).getByText(/of 2 TB used/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Storage' })).toHaveAttribute('href', '/pricing');
  // An empty account's meter, to two decimals under 1 percent (spec).
  await expect(page.getByRole('region', { name: 'Storage' })).toContainText('0.00%');

  const { trialEndDate } = (await (
    await request.get('/api/subscription', { headers: { authorization: `Bearer ${(await signIn(request, user)).accessToken}` } })
  ).json()) as {
    trialEndDate: string;
  };
  const longDate = new Date(trialEndDate).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const mail = await mailTo(request, user.email, 'Your 14-day free trial of Business Plan has begun');
  expect(mail.text).toContain('Hi Olive Owner,');
  expect(mail.text).toContain(`Your trial ends on ${longDate}.`);
});

async function signIn(request: APIRequestContext, user: { email: string; password: string }) {
  const res = await request.post('/api/auth/sign-in', { data: { email: user.email, password: user.password, rememberMe: false } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { accessToken: string };
}

test('checkout with its card errors, Settings and the account page are accessible at 1280 px and at 360 px', async ({ page }) => {
  const user = await signUpThroughApi(page);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/checkout?plan=pro');
    await page.getByRole('button', { name: 'Start 14-Day Free Trial' }).click();
    await expect(page.getByText('Please enter your card number')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `checkout with errors at ${viewport.width} px`);
  }
  expect(
    (await page.request.post('/api/subscription/trial', { data: { plan: 'pro' }, headers: { authorization: `Bearer ${user.accessToken}` } })).status(),
  ).toBe(201);
  await page.goto('/dashboard/settings/storage');
  await expect(page.getByRole('heading', { name: 'Pro Plan Settings' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Storage' }).getByText(/of 5 TB used/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Settings → Storage at 360 px');
  await page.goto('/dashboard/account');
  await expect(page.getByRole('group', { name: 'Plan' })).toContainText('14-Day Free Trial');
  await expectNoSeriousA11yViolations(page, 'the account page at 360 px');
});

test('a checkout with no known plan offers the pricing page', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/checkout?plan=platinum');
  await expect(page.getByRole('heading', { name: 'No Plan Selected' })).toBeVisible();
  await page.getByRole('link', { name: 'View Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('when the trial ends the account has no plan selected, and an upload over the limit is refused', async ({ page }) => {
  const user = await signUpThroughApi(page);
  const auth = { authorization: `Bearer ${user.accessToken}` };
  expect((await page.request.post('/api/subscription/trial', { data: { plan: 'pro' }, headers: auth })).status()).toBe(201);

  await page.goto('/dashboard/account');
  await expect(page.getByRole('group', { name: 'Plan' })).toContainText('14-Day Free Trial');
  await expect(page.getByRole('group', { name: 'Plan' })).toContainText('Trial ends on');

  // Fourteen days on, by the account's test clock: the scheduled expiry ends the trial.
  const moved = await page.request.post('/dev/clock', { data: { days: 14 }, headers: { ...auth, ...devKeyHeaders() } });
  expect(await moved.json()).toMatchObject({ status: 'none', planType: null });

  await page.reload();
  const plan = page.getByRole('group', { name: 'Plan' });
  await expect(plan).toContainText('No plan selected');
  await expect(plan).toContainText('Choose a plan to get started');
  await expect(plan.getByRole('link', { name: 'Select Plan' })).toHaveAttribute('href', '/pricing');

  await page.goto('/dashboard/settings/storage');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(settingsTabs(page)).toHaveText(['General', 'Security', 'Storage']);
  await expect(page.getByRole('tabpanel', { name: 'Storage' }).getByText(/of 10 GB used/)).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Storage' }).getByRole('link', { name: 'Select Plan' })).toHaveAttribute('href', '/pricing');

  const over = await page.request.post('/api/uploads', {
    data: { name: 'archive.zip', size: 10 * 1024 ** 3 + 1, mimeType: 'application/zip', folderId: 'root' },
    headers: auth,
  });
  expect(over.status()).toBe(413);
});

test('a trial expires by the test clock: the owner sees the banner and the email, subscribes to Business, downgrades to Starter and cancels; a member never sees checkout', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpThroughApi(page);
  const asOwner = { authorization: `Bearer ${owner.accessToken}` };
  expect((await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers: asOwner })).status()).toBe(201);

  // Switching plan during the trial keeps its end date, and says so.
  await page.goto('/checkout?plan=pro');
  await expect(page.getByRole('heading', { name: 'Subscribe to Pro Plan' })).toBeVisible();
  await expect(page.getByText('14 days free trial')).toHaveCount(0);
  await page.getByRole('button', { name: 'Switch trial to Pro Plan' }).click();
  const { trialEndDate } = (await (await page.request.get('/api/subscription', { headers: asOwner })).json()) as { trialEndDate: string };
  const longDate = new Date(trialEndDate).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  await expect(toastWith(page, 'Plan switched')).toContainText(`You switched to Pro Plan. Your trial still ends on ${longDate}`);

  // A member of the account.
  const colleague = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post('/api/team/invitations', { data: { email: colleague }, headers: asOwner })).status()).toBe(201);
  const invitation = await mailTo(page.request, colleague, 'invited you to join');
  const inviteToken = new URL(invitation.text.match(/https?:\/\/\S+\/login\?invite=\S+/)![0]).searchParams.get('invite');
  const memberContext = await browser.newContext();
  const them = await memberContext.newPage();
  expect(
    (await them.request.post('/api/auth/sign-up', { data: { fullName: 'Mo Member', email: colleague, password: `pw-${randomUUID()}`, inviteToken } })).status(),
  ).toBe(201);

  // Eleven days on, three are left: the banner and the email.
  expect((await page.request.post('/dev/clock', { data: { days: 11 }, headers: { ...asOwner, ...devKeyHeaders() } })).status()).toBe(200);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Trial' });
  await expect(banner).toContainText('Your free trial ends on');
  await expect(banner.getByRole('link', { name: 'Choose a Plan' })).toHaveAttribute('href', '/pricing');
  await mailTo(
    page.request,
    owner.email,
    `Your free trial ends on ${new Date(Date.parse(trialEndDate) - 11 * 86_400_000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}`,
  );

  // The trial ends.
  expect((await page.request.post('/dev/clock', { data: { days: 3 }, headers: { ...asOwner, ...devKeyHeaders() } })).status()).toBe(200);
  await page.reload();
  await expect(banner).toContainText('Your free trial has ended');
  const ended = await mailTo(page.request, owner.email, 'Your free trial has ended');
  expect(ended.text).toContain('Your files stay readable');

  // The member sees the banner with whom to ask, no Upgrade, and no checkout.
  await them.goto('/dashboard');
  await expect(them.getByRole('region', { name: 'Trial' })).toContainText('Ask Erin Example to change the plan');
  await expect(them.getByRole('region', { name: 'Trial' }).getByRole('link')).toHaveCount(0);
  await them.goto('/dashboard/account');
  await expect(them.getByRole('group', { name: 'Plan' })).toContainText('Ask Erin Example to change the plan');
  await expect(them.getByRole('group', { name: 'Plan' }).getByRole('link')).toHaveCount(0);
  await them.goto('/checkout?plan=business');
  await expect(them.getByRole('heading', { name: 'Only the account owner can choose a plan' })).toBeVisible();
  await expect(them.getByText('Ask Erin Example to change the plan')).toBeVisible();
  await expect(them.getByLabel('Card number')).toHaveCount(0);

  // The owner subscribes to Business from the banner's way to checkout: no "free trial" any more.
  await banner.getByRole('link', { name: 'Choose a Plan' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('article').filter({ hasText: 'Business Plan' }).getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Business Plan' })).toBeVisible();
  await expect(page.getByText(/free trial/i)).toHaveCount(0);
  await page.getByLabel('Cardholder name').fill('Erin Example');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('1299');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastWith(page, 'Subscribed!')).toContainText('You are now subscribed to Business Plan.');
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  const plan = page.getByRole('group', { name: 'Plan' });
  await expect(plan).toContainText('Business Plan · Active subscription');
  await expect(page.getByRole('region', { name: 'Trial' })).toHaveCount(0);

  // Down to Starter, from the same checkout.
  await page.goto('/checkout?plan=starter');
  await expect(page.getByRole('heading', { name: 'Change to Starter Plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Change to Starter Plan' }).click();
  await expect(toastWith(page, 'Plan changed')).toContainText('Your plan is now Starter Plan.');
  await expect(plan).toContainText('Starter Plan · Active subscription');

  // Cancelling asks first, then says until when the plan stays.
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toContainText('Starter Plan stays yours until');
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(plan).toContainText('Starter Plan · Cancelled');
  await expect(plan).toContainText('Ends on');
  await mailTo(page.request, owner.email, 'Your Starter Plan subscription is cancelled');
  await plan.getByRole('button', { name: 'Resume Subscription' }).click();
  await expect(plan).toContainText('Starter Plan · Active subscription');
  await memberContext.close();
});
