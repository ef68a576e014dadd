import { expect, test, type Page } from '@playwright/test';
import type { CapturedMail } from '@coffer/contracts';
import { generate } from 'otplib';
import { defaultPorts, testPortOffset } from '../deploy/local/stack.mjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { mailTo } from './support/mail';
import { E2E_PASSWORD as PASSWORD, signUp, uniqueEmail } from './support/session';


/** A toast on screen, found by its title. */
const toastWith = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });


/** The path and query of the first link in an email that goes to `path` (the stack's own origin). */
function linkIn(mail: CapturedMail, path: string): string {
  const url = mail.text.match(new RegExp(`https?://\\S+${path}\\?token=[^\\s"<]+`))?.[0];
  if (!url) throw new Error(`no ${path} link in "${mail.subject}": ${mail.text}`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toastWith(page, 'Welcome back!')).toContainText("You've successfully signed in.");
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toastWith(page, 'Signed out')).toContainText("You've been successfully signed out.");
}

/** A TOTP code of a period not used yet: the server refuses a replayed code, so this waits for the next period if needed. */
async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = await generate({ secret });
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test.describe('signing up', () => {
  test('checks every field in the browser, then creates the account, signs in and sends the welcome email', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeFocused();

    const email = uniqueEmail();
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toastWith(page, 'Welcome to Coffer')).toContainText('Your account has been created successfully.');
    await expect(page.getByRole('button', { name: 'My Account' })).toContainText('GH');

    const welcome = await mailTo(request, email, 'Welcome to Coffer');
    expect(welcome.text).toContain('Grace Hopper');
  });

  test('an email that is registered already says so and switches the card to sign-in', async ({ page }) => {
    const { email } = await signUp(page);
    await signOut(page);

    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(toastWith(page, 'Account exists')).toContainText('This email is already registered. Please sign in instead.');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  test('the link of the verification email confirms the address', async ({ page, request }) => {
    const { email } = await signUp(page);
    const mail = await mailTo(request, email, 'Confirm your email');
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();

    // The link works once.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'We could not confirm your email address' })).toBeVisible();
  });
});

test.describe('signing in and out', () => {
  test('sign out goes to /login and closes the dashboard; a wrong password is refused; the right one signs in', async ({ page }) => {
    const { email } = await signUp(page);
    await signOut(page);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);

    await fillSignIn(page, email, 'not-the-password');
    await expect(toastWith(page, 'Invalid credentials')).toContainText('The email or password you entered is incorrect.');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, email, PASSWORD);
  });

  test('guesses from many addresses cannot lock the owner out: their browser does a moment of work, unseen, and signs in', async ({ page }) => {
    const { email } = await signUp(page);
    await signOut(page);
    // Straight to the gateway, as if through an ingress from five addresses (the shell's proxy says who called it).
    const gateway = `http://127.0.0.1:${defaultPorts(testPortOffset()).gateway}`;
    for (let i = 0; i < 5; i++) {
      const guess = await page.request.post(`${gateway}/api/auth/sign-in`, { data: { email, password: `guess-${i}` }, headers: { 'x-forwarded-for': `10.77.${i}.${i + 1}` } });
      expect(guess.status()).toBe(400);
    }
    const answers: number[] = [];
    page.on('response', (r) => r.url().endsWith('/api/auth/sign-in') && answers.push(r.status()));
    await signIn(page, email, PASSWORD);
    // Asked for the work (428), solved it, and sent the sign-in again.
    expect(answers).toEqual([428, 200]);
  });

  test('the sign-in form checks the email and password length before sending', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, 'not-an-email', '123');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  });

  test('a reload keeps the session, and /login then goes to the dashboard', async ({ page }) => {
    await signUp(page);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signing out in one tab signs the other tabs out', async ({ page, context }) => {
    await signUp(page);
    const other = await context.newPage();
    await other.goto('/dashboard/settings');
    await expect(other.getByRole('heading', { name: 'Settings' })).toBeVisible();

    await signOut(page);
    await expect(other).toHaveURL(/\/login$/);
  });
});

test.describe('two-factor authentication', () => {
  test('enabled from Settings, then asked for at sign-in: a wrong code is refused, the right one signs in', async ({ page }) => {
    test.setTimeout(120_000);
    const { email } = await signUp(page);
    const used = new Set<string>();

    await page.goto('/dashboard/settings/security');
    const twoFactorSwitch = page.getByRole('switch', { name: 'Enable Two-Factor Authentication' });
    await expect(twoFactorSwitch).not.toBeChecked();
    await twoFactorSwitch.click();

    const dialog = page.getByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    await dialog.getByRole('button', { name: 'Begin Setup' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = await dialog.getByRole('textbox', { name: 'Secret key' }).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    const enable = dialog.getByRole('button', { name: 'Enable 2FA' });
    await expect(enable).toBeDisabled();
    await dialog.getByLabel('Verification Code').fill(await freshCode(secret, used));
    await enable.click();
    await expect(toastWith(page, '2FA enabled!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(twoFactorSwitch).toBeChecked();

    await signOut(page);
    await fillSignIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();

    // "Back to Sign In" leaves the step; signing in again comes back to it.
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await fillSignIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();

    const verify = page.getByRole('button', { name: 'Verify' });
    const code = page.getByLabel('Verification Code');
    await code.fill('12ab34');
    await expect(code).toHaveValue('1234');
    await expect(verify).toBeDisabled();

    const right = await freshCode(secret, used);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    await code.fill(wrong);
    await verify.click();
    await expect(toastWith(page, 'Verification failed')).toContainText('Invalid verification code');
    await expect(page).toHaveURL(/\/login$/);

    await code.fill(right);
    await verify.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toastWith(page, 'Welcome back!')).toBeVisible();

    // A reload keeps the verified session; then 2FA can be turned off again.
    await page.goto('/dashboard/settings/security');
    await expect(twoFactorSwitch).toBeChecked();
    await twoFactorSwitch.click();
    await expect(toastWith(page, '2FA disabled')).toBeVisible();
    await expect(twoFactorSwitch).not.toBeChecked();
  });
});

test.describe('passwords', () => {
  test('"Forgot password?" sends a reset link; the link sets a new password that then signs in', async ({ page, request }) => {
    const { email } = await signUp(page);
    await signOut(page);

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that email, a reset link is on its way.')).toBeVisible();

    const mail = await mailTo(request, email, 'Reset your Coffer password');
    await page.goto(linkIn(mail, '/reset-password'));
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm Password', { exact: true }).fill('new-password-3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm Password', { exact: true }).fill('new-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toastWith(page, 'Password updated')).toBeVisible();

    await fillSignIn(page, email, PASSWORD);
    await expect(toastWith(page, 'Invalid credentials')).toBeVisible();
    await signIn(page, email, 'new-password-2');
  });

  test('Settings → Security changes the password when the current one is right', async ({ page }) => {
    const { email } = await signUp(page);
    await page.goto('/dashboard/settings/security');
    const form = page.getByRole('form', { name: 'Change password' });

    await form.getByLabel('Current Password').fill('wrong-password');
    await form.getByLabel('New Password', { exact: true }).fill('changed-password-1');
    await form.getByLabel('Confirm New Password').fill('changed-password-1');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText('Current password is incorrect')).toBeVisible();

    await form.getByLabel('Current Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(toastWith(page, 'Password updated')).toBeVisible();

    await signOut(page);
    await signIn(page, email, 'changed-password-1');
  });
});

test.describe('accessibility', () => {
  const MOBILE = { width: 360, height: 740 };

  test('the sign-in and sign-up card, with its field errors, at 1280 px and at 360 px', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-in with errors at 1280 px');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page, 'sign-up with errors at 360 px');
  });

  test('the dashboard frame, its account menu, Settings → Security and the two-factor setup dialog', async ({ page }) => {
    await signUp(page);
    await page.getByRole('button', { name: 'My Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the account menu');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/settings/security');
    await expect(page.getByRole('switch', { name: 'Enable Two-Factor Authentication' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Settings → Security at 1280 px');
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page, 'Settings → Security at 360 px');

    await page.getByRole('switch', { name: 'Enable Two-Factor Authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    await dialog.getByRole('button', { name: 'Begin Setup' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await expectNoSeriousA11yViolations(page, 'the two-factor setup dialog');
  });
});
