import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { mailTo } from './mail';

/**
 * Signs a new user up through the API from the page's own browser context, so
 * the refresh cookie lands in the browser: the next page load restores the
 * session as if the user had signed up by hand.
 */
export async function signUpThroughApi(page: Page, baseUrl?: string) {
  const user = { fullName: 'Erin Example', email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  const res = await page.request.post(`${baseUrl ?? ''}/api/auth/sign-up`, { data: user });
  expect(res.status()).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { ...user, accessToken };
}

/** A new owner on the Pro trial, with Northwind Accounting's branding: what a visitor of their links and requests sees. */
export async function brandedProOwner(page: Page, baseUrl?: string) {
  const owner = await signUpThroughApi(page, baseUrl);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  expect((await page.request.post(`${baseUrl ?? ''}/api/subscription/trial`, { data: { plan: 'pro' }, headers })).status()).toBe(201);
  const branding = { companyName: 'Northwind Accounting', logoUrl: '', primaryColor: '#0f766e', secondaryColor: '#ffffff' };
  expect((await page.request.put(`${baseUrl ?? ''}/api/branding`, { data: branding, headers })).status()).toBe(200);
  return { owner, headers };
}

export const E2E_PASSWORD = 'correct-horse-1';

/** A fresh address per test: every test of a run shares one stack. */
export const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Signs a new user up through the /login card, as a visitor would, and waits for the dashboard. */
export async function signUp(page: Page, { fullName = 'Ada Lovelace', email = uniqueEmail(), password = E2E_PASSWORD } = {}) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { fullName, email, password };
}

/** Confirms the user's address through the link of the email Coffer sent (the embedded mailbox). */
export async function confirmEmail(request: APIRequestContext, email: string) {
  const token = (await mailTo(request, email, 'Confirm your email address')).text.match(/verify-email\?token=([\w-]+)/)?.[1];
  expect((await request.post('/api/auth/email/verify', { data: { token } })).status()).toBe(204);
}

/** A confirmed user signed in, in a browser context of their own. */
export async function confirmedUserIn(context: BrowserContext) {
  const page = await context.newPage();
  const user = await signUpThroughApi(page, process.env.COFFER_TEST_APP_URL);
  await confirmEmail(page.request, user.email);
  return { page, user };
}
