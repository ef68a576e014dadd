import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { card, textFile, toastWith, uploadThroughApi } from './support/files';
import { mailTo } from './support/mail';
import { signUpThroughApi, uniqueEmail } from './support/session';

const appUrl = () => process.env.COFFER_TEST_APP_URL;
/** The smallest PNG: its signature and a 1×1 image. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The link of the user-invited email sent to `email` (the embedded mailbox). */
async function invitationLink(page: Page, email: string): Promise<string> {
  const link = new URL((await mailTo(page.request, email, 'invited you to join')).text.match(/https?:\/\/\S+\/login\?invite=\S+/)![0]);
  return link.pathname + link.search;
}

const teamList = (page: Page) => page.getByRole('list', { name: 'Team members' });

/** An owner of an account named `company`, signed up in a request context of their own (not the page's). */
async function ownerOf(company: string) {
  const api = await apiRequest.newContext({ baseURL: appUrl() });
  const email = uniqueEmail();
  const signedUp = await api.post('/api/auth/sign-up', { data: { fullName: `${company} Owner`, email, password: 'correct-horse-1' } });
  expect(signedUp.status()).toBe(201);
  const headers = { authorization: `Bearer ${((await signedUp.json()) as { accessToken: string }).accessToken}` };
  expect((await api.patch('/api/profile', { data: { firstName: company, lastName: 'Owner', company }, headers })).status()).toBe(200);
  return {
    api,
    headers,
    invite: async (address: string) => expect((await api.post('/api/team/invitations', { data: { email: address }, headers })).status()).toBe(201),
  };
}

/** What `owner` sees of their team and their notifications, through the API. */
async function teamOf(owner: { api: APIRequestContext; headers: Record<string, string> }) {
  return ((await (await owner.api.get('/api/team', { headers: owner.headers })).json()) as { items: { email: string; status: string }[] }).items;
}

test.describe('the organisation', () => {
  test('the owner edits the profile and avatar, sets preferences, and invites a colleague who joins from the email', async ({ page, browser }) => {
    const owner = await signUpThroughApi(page, appUrl());
    expect(
      (await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers: { authorization: `Bearer ${owner.accessToken}` } })).status(),
    ).toBe(201);
    await page.goto('/dashboard/account');
    await expect(page).toHaveTitle('Account · Coffer');

    // Personal information, saved and still there after a reload.
    const info = page.getByRole('form', { name: 'Personal information' });
    await info.getByLabel('First Name').fill('Olivia');
    await info.getByLabel('Last Name').fill('Owner');
    await info.getByLabel('Company').fill('Analytical Engines Ltd');
    await info.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastWith(page, 'Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Personal information' }).getByLabel('Company')).toHaveValue('Analytical Engines Ltd');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(owner.email);

    // A picture that is not an image is refused in the browser; a PNG becomes the avatar in the top bar.
    await page.getByLabel('Choose a profile picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toastWith(page, 'Failed to upload avatar')).toContainText('Please choose a JPG, PNG or GIF image');
    await expect(page.getByRole('alert').filter({ hasText: 'Please choose a JPG, PNG or GIF image' })).toBeVisible();
    await page
      .getByLabel('Choose a profile picture')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
    await expect(toastWith(page, 'Failed to upload avatar').filter({ hasText: 'File size must be less than 2MB' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'File size must be less than 2MB' })).toBeVisible();
    await expect(page.getByText('JPG, PNG or GIF, max 2MB')).toBeVisible();
    await page.getByLabel('Choose a profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(toastWith(page, 'Avatar uploaded successfully')).toBeVisible();
    await expect(page.getByAltText('Your profile picture')).toBeVisible();
    await expect(page.getByTestId('top-bar-avatar')).toBeVisible();

    // Email preferences survive a reload.
    await page.getByRole('button', { name: 'Email Preferences' }).click();
    const prefs = page.getByRole('dialog', { name: 'Email Preferences' });
    await expect(prefs.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
    await prefs.getByRole('switch', { name: 'Newsletter' }).click();
    await expectNoSeriousA11yViolations(page, 'the Email Preferences dialog');
    await prefs.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(prefs).toBeHidden();
    await page.reload();
    await page.getByRole('button', { name: 'Email Preferences' }).click();
    await expect(page.getByRole('dialog', { name: 'Email Preferences' }).getByRole('switch', { name: 'Newsletter' })).toBeChecked();
    await page.keyboard.press('Escape');

    // The invitation: the colleague signs up from the email's link and joins as a member.
    const colleague = uniqueEmail();
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('Member');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('Please enter an email address')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the invite dialog with an error');
    await dialog.getByLabel('Email Address').fill(colleague);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toastWith(page, `Invitation sent to ${colleague}`)).toBeVisible();
    await expect(teamList(page).getByRole('listitem').filter({ hasText: colleague })).toContainText('Pending');
    // The owner heads the team, active, with nothing to remove.
    const ownerRow = teamList(page).getByRole('listitem').first();
    await expect(ownerRow).toContainText('Olivia Owner');
    await expect(ownerRow).toContainText(owner.email);
    await expect(ownerRow.getByText('Owner', { exact: true })).toBeVisible();
    await expect(ownerRow.getByText('Active', { exact: true })).toBeVisible();
    await expect(ownerRow.getByRole('button')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the account page');

    const invitee = await browser.newContext({ baseURL: appUrl() });
    try {
      const them = await invitee.newPage();
      await them.goto(await invitationLink(page, colleague));
      await expect(them.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      // The invitation is for that address: shown, and not to be changed.
      await expect(them.getByLabel('Email')).toHaveValue(colleague);
      await expect(them.getByLabel('Email')).not.toBeEditable();
      await them.getByLabel('Full Name').fill('Ivy Invitee');
      await them.getByLabel('Password', { exact: true }).fill('correct-horse-1');
      await them.getByRole('button', { name: 'Create Account' }).click();
      await expect(them).toHaveURL(/\/dashboard$/);
      // A member sees the team but cannot change it.
      await them.goto('/dashboard/account');
      await expect(teamList(them).getByRole('listitem').filter({ hasText: colleague })).toContainText('Active');
      await expect(them.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
      await expect(them.getByRole('button', { name: /^Remove / })).toHaveCount(0);
      // On the owner's Business plan, a member's Settings still has no Branding, Permissions or Audit Logs.
      await them.goto('/dashboard/settings');
      await expect(them.getByRole('heading', { name: 'Business Plan Settings' })).toBeVisible();
      await expect(them.getByRole('tab', { name: 'General' })).toBeVisible();
      for (const tab of ['Branding', 'Permissions', 'Audit Logs']) await expect(them.getByRole('tab', { name: tab })).toHaveCount(0);
      // Opened by its address, a tab the role may not use says who can, and offers no form.
      await them.goto('/dashboard/settings/branding');
      await expect(them.getByRole('region', { name: 'Custom Branding' })).toContainText('Only the account owner and admins can change the branding.');
      await expect(them.getByRole('button', { name: 'Save Branding' })).toHaveCount(0);
    } finally {
      await invitee.close();
    }
    await page.reload();
    await expect(teamList(page).getByRole('listitem').filter({ hasText: 'Ivy Invitee' })).toContainText('Active');

    // The owner of an account with members is told to remove them first, in the dialog.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete Account' });
    await deletion.getByLabel('Your email address').fill(owner.email);
    await deletion.getByRole('button', { name: 'Delete Account' }).click();
    await expect(deletion.getByRole('alert')).toHaveText('Your account still has team members. Remove them before deleting your account.');
    await expectNoSeriousA11yViolations(page, "the Delete Account dialog with the server's refusal");
    await deletion.getByRole('button', { name: 'Cancel' }).click();
    await expect(deletion).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
  });

  test('branding on a Business trial colours the dashboard and names it after the company; General settings are kept', async ({ page }) => {
    const owner = await signUpThroughApi(page, appUrl());
    expect(
      (await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers: { authorization: `Bearer ${owner.accessToken}` } })).status(),
    ).toBe(201);
    await page.goto('/dashboard/settings/branding');
    const form = page.getByRole('form', { name: 'Custom branding' });
    await form.getByLabel('Company Name').fill('Matrix Ltd');
    await form.getByLabel('Primary Color', { exact: true }).fill('#1d4ed8');
    // A secondary colour that cannot be read on the primary is refused with the reason, before anything is saved.
    await form.getByLabel('Secondary Color', { exact: true }).fill('#3b82f6');
    await form.getByRole('button', { name: 'Save Branding' }).click();
    await expect(form.getByText(/^Secondary color is hard to read on the primary color \(contrast \d\.\d:1, at least 4\.5:1 is needed\)$/)).toBeVisible();
    await form.getByLabel('Secondary Color', { exact: true }).fill('#ffffff');
    await expect(form.getByText(/Secondary color is hard to read/)).toHaveCount(0);
    await form.getByRole('button', { name: 'Save Branding' }).click();
    await expect(toastWith(page, 'Branding settings saved successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Matrix Ltd' }).first()).toBeVisible();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim());
    expect(primary).toBe('#1d4ed8');
    // The brand colour is what the primary button is painted with (the pointer off it: hover dims it).
    await page.mouse.move(0, 0);
    await expect(page.getByRole('button', { name: 'Save Branding' })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await expectNoSeriousA11yViolations(page, 'Settings → Branding');
    // On a phone the company's mark stays in the top bar.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Matrix Ltd' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Settings → Branding at 360 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/dashboard/settings/general');
    await page.getByRole('switch', { name: 'Email notifications' }).click();
    await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
    await expect(toastWith(page, 'Settings saved')).toContainText('Your general settings are saved.');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();

    await page.goto('/dashboard/settings/permissions');
    await expect(page.getByText('No user roles configured yet')).toBeVisible();
    await page.getByRole('form', { name: 'Add user role' }).getByLabel('Email').fill(uniqueEmail());
    await page.getByRole('button', { name: 'Add Role' }).click();
    await expect(toastWith(page, 'Failed to add user role')).toContainText('User not found with that email');
    await expect(page.getByRole('form', { name: 'Add user role' }).getByText('User not found with that email')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Settings → Permissions');
  });

  test("a member's screens follow the team as it changes, without a reload: made an admin they get the admin's tabs, and lose them again; the company's branding shows", async ({
    page,
    browser,
  }) => {
    const owner = await signUpThroughApi(page, appUrl());
    const asOwner = { authorization: `Bearer ${owner.accessToken}` };
    expect((await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers: asOwner })).status()).toBe(201);
    const colleague = uniqueEmail();
    expect((await page.request.post('/api/team/invitations', { data: { email: colleague }, headers: asOwner })).status()).toBe(201);
    const inviteToken = new URL(await invitationLink(page, colleague), appUrl()).searchParams.get('invite');

    const memberContext = await browser.newContext({ baseURL: appUrl() });
    try {
      const them = await memberContext.newPage();
      expect(
        (
          await them.request.post('/api/auth/sign-up', { data: { fullName: 'Mo Member', email: colleague, password: 'correct-horse-1', inviteToken } })
        ).status(),
      ).toBe(201);
      /** The member's page following its event stream (a push before it is open would be missed). */
      const streamOpen = () => them.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 200);
      const following = streamOpen();
      await them.goto('/dashboard/settings');
      await expect(them.getByRole('tab', { name: 'General' })).toBeVisible();
      await expect(them.getByRole('tab', { name: 'Permissions' })).toHaveCount(0);
      await following;

      const roleGiven = async (role: 'admin' | 'member') => {
        const reopened = streamOpen();
        expect((await page.request.post('/api/roles', { data: { email: colleague, role }, headers: asOwner })).status()).toBe(201);
        // The member's stream ends with the change; the page renews its session and follows again.
        await reopened;
      };
      await roleGiven('admin');
      for (const tab of ['Branding', 'Permissions', 'Audit Logs']) await expect(them.getByRole('tab', { name: tab })).toBeVisible();

      expect(
        (
          await page.request.put('/api/branding', { data: { companyName: 'Live Ltd', primaryColor: '#1d4ed8', secondaryColor: '#ffffff' }, headers: asOwner })
        ).status(),
      ).toBe(200);
      await expect(them.getByRole('link', { name: 'Live Ltd' }).first()).toBeVisible();
      await expect.poll(() => them.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim())).toBe('#1d4ed8');

      await roleGiven('member');
      for (const tab of ['Branding', 'Permissions', 'Audit Logs']) await expect(them.getByRole('tab', { name: tab })).toHaveCount(0);
    } finally {
      await memberContext.close();
    }
  });

  test('the owner removes a member, choosing who receives their files, and finds them in "<Full Name>\'s files"', async ({ page, browser }) => {
    const owner = await signUpThroughApi(page, appUrl());
    const asOwner = { authorization: `Bearer ${owner.accessToken}` };
    const others = await browser.newContext({ baseURL: appUrl() });
    try {
      /** Someone invited with `role` who signs up from the link; their access token. */
      const joined = async (fullName: string, role: 'member' | 'admin') => {
        const email = uniqueEmail();
        expect((await page.request.post('/api/team/invitations', { data: { email, role }, headers: asOwner })).status()).toBe(201);
        const inviteToken = new URL(await invitationLink(page, email), appUrl()).searchParams.get('invite');
        const signedUp = await others.request.post('/api/auth/sign-up', { data: { fullName, email, password: 'correct-horse-1', inviteToken } });
        expect(signedUp.status()).toBe(201);
        return ((await signedUp.json()) as { accessToken: string }).accessToken;
      };
      await joined('Ada Admin', 'admin');
      const member = await joined('Mo Member', 'member');
      await expect
        .poll(
          async () =>
            ((await (await others.request.get('/api/files?folder=root', { headers: { authorization: `Bearer ${member}` } })).json()) as { total: number })
              .total,
        )
        .toBe(4);
      await uploadThroughApi(others.request, member, textFile('Minutes.txt'));

      await page.goto('/dashboard/account');
      await teamList(page).getByRole('button', { name: 'Remove Mo Member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove Mo Member?' });
      await expect(dialog).toContainText('They lose access to Erin Example and are signed out at once. Their files stay with Erin Example.');
      await expect(dialog).toContainText("moves into a folder “Mo Member's files” in this person’s My files");
      // The owner receives them unless someone else is chosen: every other active member may.
      const receiver = dialog.getByRole('combobox', { name: 'Who receives their files' });
      await expect(receiver).toHaveText('Erin Example (Owner)');
      await receiver.click();
      await expect(page.getByRole('option')).toHaveText(['Erin Example (Owner)', 'Ada Admin (Admin)']);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('option')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, 'the Remove member dialog');
      const shots = test.info().outputPath('remove-member-dialog');
      await page.screenshot({ path: `${shots}-1280.png` });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${shots}-360.png` });
      await page.setViewportSize({ width: 1280, height: 800 });

      await dialog.getByRole('button', { name: 'Remove member' }).click();
      await expect(toastWith(page, 'Member removed')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(teamList(page).getByRole('listitem').filter({ hasText: 'Mo Member' })).toHaveCount(0);
      // Signed out: their token no longer opens anything.
      expect((await others.request.get('/api/profile', { headers: { authorization: `Bearer ${member}` } })).status()).toBe(401);

      await page.goto('/dashboard/files');
      await card(page, "Mo Member's files").getByRole('link', { name: "Mo Member's files" }).click();
      await expect(card(page, 'Minutes.txt')).toBeVisible();
      for (const name of ['Documents', 'Images', 'Projects', 'Invoices']) await expect(card(page, name)).toBeVisible();

      // Settings → Storage: what each member keeps; Mo's file counts in the owner's My files now.
      await page.goto('/dashboard/settings/storage');
      const byMember = page.getByRole('list', { name: 'Storage by member' });
      await expect(byMember.getByRole('listitem')).toHaveText([/^Erin Example\s*64 B$/, /^Ada Admin\s*0 B$/]);
      const storageShots = test.info().outputPath('storage-by-member');
      await page.screenshot({ path: `${storageShots}-1280.png` });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${storageShots}-360.png`, fullPage: true });
    } finally {
      await others.close();
    }
  });

  test('Delete Account asks for the email, then signs out; the address can sign up again', async ({ page }) => {
    const user = await signUpThroughApi(page, appUrl());
    // No plan yet: Branding opened by its address says which plans have it, with the way to them.
    await page.goto('/dashboard/settings/branding');
    const gate = page.getByRole('region', { name: 'Custom Branding' });
    await expect(gate).toContainText('Custom branding is available on the Business, Pro and Enterprise plans.');
    await expect(gate.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');

    await page.goto('/dashboard/account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByLabel('Your email address').fill('someone-else@example.com');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByText('Type your email address exactly to confirm')).toBeVisible();
    await dialog.getByLabel('Your email address').fill(user.email);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toastWith(page, 'Account deleted')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
    expect((await page.request.post('/api/auth/sign-up', { data: { fullName: 'Again', email: user.email, password: 'correct-horse-1' } })).status()).toBe(201);
  });

  test('an existing user invited by two companies sees a banner for each after signing in: confirms their email, declines one and joins the other', async ({
    page,
  }) => {
    const acme = await ownerOf('Acme Ltd');
    const globex = await ownerOf('Globex Ltd');
    try {
      const person = await signUpThroughApi(page, appUrl());
      await acme.invite(person.email);
      await globex.invite(person.email);

      // Signed in, not yet confirmed: the banner says what to do, and Join waits.
      await page.goto('/dashboard');
      const fromAcme = page.getByRole('region', { name: 'Invitation from Acme Ltd' });
      const fromGlobex = page.getByRole('region', { name: 'Invitation from Globex Ltd' });
      await expect(fromAcme).toContainText('Acme Ltd invited you to join their team');
      await expect(fromAcme).toContainText('Confirm your email address before joining a team');
      await expect(fromAcme.getByRole('button', { name: 'Join' })).toBeDisabled();
      const shots = test.info().outputPath('invitation-banner');
      await page.screenshot({ path: `${shots}-unconfirmed-1280.png` });

      const token = new URL(
        (await mailTo(page.request, person.email, 'Confirm your email address')).text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)![0],
      ).searchParams.get('token');
      expect((await page.request.post('/api/auth/email/verify', { data: { token } })).status()).toBe(204);
      await page.reload();
      await expect(fromAcme).toContainText("Your files move with you into Acme Ltd's account");
      await expect(fromGlobex).toContainText('Globex Ltd invited you to join their team');
      await expectNoSeriousA11yViolations(page, 'the invitation banner');
      await page.screenshot({ path: `${shots}-1280.png` });
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(fromAcme.getByRole('button', { name: 'Join' })).toBeInViewport();
      await page.screenshot({ path: `${shots}-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      // Signing in changed nothing: the inviters still see them Pending.
      expect((await teamOf(acme)).map((m) => [m.email, m.status])).toEqual([[person.email, 'pending']]);

      await fromGlobex.getByRole('button', { name: 'Decline' }).click();
      await expect(toastWith(page, 'Invitation declined')).toBeVisible();
      await expect(fromGlobex).toBeHidden();
      expect(await teamOf(globex)).toEqual([]);
      await expect
        .poll(async () =>
          ((await (await globex.api.get('/api/notifications', { headers: globex.headers })).json()) as { items: { title: string }[] }).items.map(
            (n) => n.title,
          ),
        )
        .toContain('Invitation declined');

      await fromAcme.getByRole('button', { name: 'Join' }).click();
      await expect(toastWith(page, 'You joined Acme Ltd')).toBeVisible();
      await expect(fromAcme).toBeHidden();
      expect((await teamOf(acme)).map((m) => [m.email, m.status])).toEqual([[person.email, 'active']]);
      await page.goto('/dashboard/account');
      await expect(teamList(page).getByRole('listitem').filter({ hasText: person.email })).toContainText('Active');
    } finally {
      await acme.api.dispose();
      await globex.api.dispose();
    }
  });

  test('a member of another team is told to leave it first and what happens to their files; they leave from the banner, then join', async ({ page }) => {
    const initech = await ownerOf('Initech');
    const acme = await ownerOf('Acme Ltd');
    try {
      const email = uniqueEmail();
      await initech.invite(email);
      const inviteToken = new URL(await invitationLink(page, email), appUrl()).searchParams.get('invite');
      expect(
        (await page.request.post('/api/auth/sign-up', { data: { fullName: 'Milo Member', email, password: 'correct-horse-1', inviteToken } })).status(),
      ).toBe(201);
      await acme.invite(email);

      await page.goto('/dashboard');
      const fromAcme = page.getByRole('region', { name: 'Invitation from Acme Ltd' });
      await expect(fromAcme).toContainText(
        'You are a member of Initech. Leave Initech first to join Acme Ltd: when you leave, your files stay with Initech and you get an empty account of your own.',
      );
      await expect(fromAcme.getByRole('button', { name: 'Join' })).toBeDisabled();
      const shots = test.info().outputPath('invitation-banner-member');
      await page.screenshot({ path: `${shots}-1280.png` });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${shots}-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });

      await fromAcme.getByRole('button', { name: 'Leave Initech' }).click();
      const leaving = page.getByRole('dialog', { name: 'Leave Initech?' });
      await expect(leaving).toContainText("Your files stay with Initech: they move to its owner's My files. You get an empty account of your own.");
      await expectNoSeriousA11yViolations(page, 'the Leave dialog');
      await leaving.getByRole('button', { name: 'Leave Initech' }).click();
      await expect(toastWith(page, 'You left Initech')).toBeVisible();
      expect(await teamOf(initech)).toEqual([]);
      await expect(fromAcme).toContainText("Your files move with you into Acme Ltd's account");
      await fromAcme.getByRole('button', { name: 'Join' }).click();
      await expect(toastWith(page, 'You joined Acme Ltd')).toBeVisible();
      expect((await teamOf(acme)).map((m) => [m.email, m.status])).toEqual([[email, 'active']]);
    } finally {
      await initech.api.dispose();
      await acme.api.dispose();
    }
  });
});

test('removing a user role asks first, then says it is done', async ({ page, browser }) => {
  const owner = await signUpThroughApi(page, appUrl());
  const asOwner = { authorization: `Bearer ${owner.accessToken}` };
  expect((await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers: asOwner })).status()).toBe(201);
  const colleague = uniqueEmail();
  expect((await page.request.post('/api/team/invitations', { data: { email: colleague }, headers: asOwner })).status()).toBe(201);
  const inviteToken = new URL(await invitationLink(page, colleague), appUrl()).searchParams.get('invite');
  const memberContext = await browser.newContext({ baseURL: appUrl() });
  const signedUp = await memberContext.request.post('/api/auth/sign-up', {
    data: { fullName: 'Mo Member', email: colleague, password: 'correct-horse-1', inviteToken },
  });
  expect(signedUp.status()).toBe(201);
  await memberContext.close();

  await page.goto('/dashboard/settings/permissions');
  await page.getByRole('form', { name: 'Add user role' }).getByLabel('Email').fill(colleague);
  await page.getByRole('button', { name: 'Add Role' }).click();
  await expect(toastWith(page, 'User role added successfully')).toBeVisible();
  await page.getByRole('button', { name: `Remove the member role of ${colleague}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this role?' });
  await expect(dialog).toContainText(`${colleague} will no longer have the Member role in your account.`);
  // Cancel keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: `Remove the member role of ${colleague}` })).toBeVisible();
  await page.getByRole('button', { name: `Remove the member role of ${colleague}` }).click();
  await dialog.getByRole('button', { name: 'Remove Role' }).click();
  await expect(toastWith(page, 'User role removed')).toContainText(`${colleague} no longer has the Member role.`);
  await expect(page.getByText('No user roles configured yet')).toBeVisible();
});
