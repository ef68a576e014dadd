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
      const guess = await page.request.post(`${gateway}/api/auth/sign-in`, {
        data: { email, password: `guess-${i}` },
        headers: { 'x-forwarded-for': `10.77.${i}.${i + 1}` },
      });
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
  test('enabled from Settings with 10 recovery codes shown once (download, copy), asked for at sign-in; a recovery code works once; off only with the password; the Account page follows at once', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { email } = await signUp(page);
    const used = new Set<string>();
    const twoFactorRow = page.getByText('Two-Factor Authentication', { exact: true }).locator('..');

    // The Account page first, so its profile is already loaded when 2FA changes elsewhere.
    await page.goto('/dashboard/account');
    await expect(twoFactorRow).toContainText('Not enabled');
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.getByRole('tab', { name: 'Security' }).click();
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
    // (While the dialog is open the rest of the page, toasts included, is hidden from the accessibility tree.)
    await expect(page.locator('li').filter({ hasText: '2FA enabled!' })).toBeVisible();

    // The recovery codes, this once: downloaded as a text file and copied.
    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allTextContents();
    recoveryCodes.forEach((code) => expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/));
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('coffer-recovery-codes.txt');
    const saved = await (await download).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    });
    recoveryCodes.forEach((code) => expect(saved).toContain(code));
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.locator('li').filter({ hasText: 'Copied!' })).toContainText('The recovery codes are on your clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join('\n'));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(twoFactorSwitch).toBeChecked();
    await expect(page.getByTestId('recovery-codes-left')).toContainText('10 of 10 left');
    // The Account page says so without a reload.
    await page.getByRole('link', { name: 'Account', exact: true }).first().click();
    await expect(twoFactorRow).toContainText('Enabled');
    await expect(twoFactorRow).not.toContainText('Not enabled');

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

    // A lost phone: a recovery code signs in once, and says how many are left. (Reloads clear earlier toasts.)
    await page.reload();
    await signOut(page);
    await fillSignIn(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await expect(page.getByText('Enter one of the recovery codes you saved when you turned on two-factor authentication.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Recovery Code' }).fill(recoveryCodes[0].toUpperCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toastWith(page, 'You have 9 recovery codes left.')).toContainText('Welcome back!');
    await page.reload();
    await signOut(page);
    await fillSignIn(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery Code' }).fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('This recovery code is not valid or has already been used.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Recovery Code' }).fill(recoveryCodes[1]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Off only with the current password (a wrong one is refused and changes nothing); the Account page follows at once.
    await page.goto('/dashboard/settings/security');
    await expect(twoFactorSwitch).toBeChecked();
    await expect(page.getByTestId('recovery-codes-left')).toContainText('8 of 10 left');
    await twoFactorSwitch.click();
    const turnOff = page.getByRole('dialog', { name: 'Turn Off Two-Factor Authentication' });
    await turnOff.getByLabel('Current Password').fill('not-my-password');
    await turnOff.getByRole('button', { name: 'Turn Off 2FA' }).click();
    await expect(turnOff.getByText('Current password is incorrect')).toBeVisible();
    // (Behind the open dialog the switch is out of the accessibility tree: read its state directly.)
    await expect(page.locator('#two-factor-switch')).toHaveAttribute('aria-checked', 'true');
    await turnOff.getByLabel('Current Password').fill(PASSWORD);
    await turnOff.getByRole('button', { name: 'Turn Off 2FA' }).click();
    await expect(toastWith(page, '2FA disabled')).toBeVisible();
    await expect(turnOff).toBeHidden();
    await expect(twoFactorSwitch).not.toBeChecked();
    await page.getByRole('link', { name: 'Account', exact: true }).first().click();
    await expect(twoFactorRow).toContainText('Not enabled');
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
