import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * Signs a new user up through the API from the page's own browser context, so
 * the refresh cookie lands in the browser: the next page load restores the
 * session as if the user had signed up by hand.
 */
export async function signUpThroughApi(page: Page, baseUrl?: string) {
  const user = { fullName: 'Erin Example', email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  const res = await page.request.post(`${baseUrl ?? ''}/api/auth/sign-up`, { data: user });
  expect(res.status()).toBe(201);
  return user;
}
