import { expect, test, type Browser, type Page } from '@playwright/test';
import { card, chooseFromMenu, shoot, textFile, toastWith, uploadThroughApi } from './support/files';
import { mailTo } from './support/mail';
import { signUpThroughApi, uniqueEmail } from './support/session';

// Issue 29, team folders: the owner creates "Projects 2027" with Everyone → Can edit and a restricted
// "Contracts" inside it for one admin; a member uploads into Projects 2027 and the owner sees it appear live;
// the member cannot see Contracts; a viewer has no Upload.

/** A colleague who joined the owner's account from the invitation email, signed in in a browser context of their own. */
async function colleague(browser: Browser, owner: Page, ownerToken: string, fullName: string, role: 'member' | 'admin') {
  const email = uniqueEmail();
  const headers = { authorization: `Bearer ${ownerToken}` };
  expect((await owner.request.post('/api/team/invitations', { data: { email, role }, headers })).status()).toBe(201);
  const link = (await mailTo(owner.request, email, 'invited you to join')).text.match(/\/login\?invite=([A-Za-z0-9_-]+)/)![1];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/sign-up', { data: { fullName, email, password: 'correct-horse-1', inviteToken: link } });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { accessToken: string; user: { id: string } };
  return { page, context, accessToken: body.accessToken, userId: body.user.id };
}

/** An owner signed up in `page` on a Business trial (access lists need it), with the company named Acme when `named`. */
async function businessOwner(page: Page, named = false) {
  const owner = await signUpThroughApi(page);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  expect((await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers })).status()).toBe(201);
  if (named) {
    const branding = { companyName: 'Acme', primaryColor: '#000000', secondaryColor: '#ffffff' };
    expect((await page.request.put('/api/branding', { data: branding, headers })).status()).toBeLessThan(300);
  }
  return { owner, headers };
}

test('team folders: Projects 2027 for everyone, a restricted Contracts for one admin, live uploads, and no Upload for a viewer', async ({ page, browser }) => {
  const { owner, headers } = await businessOwner(page, true);
  const member = await colleague(browser, page, owner.accessToken, 'Mia Member', 'member');
  const admin = await colleague(browser, page, owner.accessToken, 'Adam Admin', 'admin');

  // The owner creates Projects 2027: it shows at the top of the Files root with a team icon.
  await page.goto('/dashboard/files');
  const teamFolders = page.getByRole('region', { name: 'Team folders' });
  await teamFolders.getByRole('button', { name: 'New team folder' }).click();
  const create = page.getByRole('dialog', { name: 'Create Team Folder' });
  await create.getByLabel('Folder Name').fill('Projects 2027');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(toastWith(page, 'Folder created successfully')).toBeVisible();
  await teamFolders.getByRole('link', { name: /Projects 2027/ }).click();

  // Everyone → Can edit.
  await page.getByRole('button', { name: 'Access' }).click();
  const access = page.getByRole('dialog', { name: 'Access to Projects 2027' });
  await access.getByRole('combobox', { name: 'Add people' }).click();
  await page.getByRole('option', { name: 'Everyone at Acme' }).click();
  await access.getByRole('button', { name: 'Add' }).click();
  await access.getByRole('combobox', { name: 'Level of Everyone at Acme' }).click();
  await page.getByRole('option', { name: 'Can edit' }).click();
  await shoot(page, 'team-folder-access');
  await access.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Access saved')).toBeVisible();

  // A restricted Contracts inside, for the admin.
  await page.getByRole('button', { name: 'New Folder' }).click();
  const newFolder = page.getByRole('dialog', { name: 'Create New Folder' });
  await newFolder.getByLabel('Folder Name').fill('Contracts');
  await newFolder.getByRole('button', { name: 'Create' }).click();
  await card(page, 'Contracts').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Access' }).click();
  const restricted = page.getByRole('dialog', { name: 'Access to Contracts' });
  await restricted.getByLabel('Restricted folder').check();
  await restricted.getByRole('combobox', { name: 'Add people' }).click();
  await page.getByRole('option', { name: 'Adam Admin' }).click();
  await restricted.getByRole('button', { name: 'Add' }).click();
  await restricted.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Access saved').last()).toBeVisible();

  // The member uploads into Projects 2027; the owner, looking at it, sees the file appear live.
  const projectsId = (await (await page.request.get('/api/team-folders', { headers })).json()).items[0].id as string;
  await page.goto(`/dashboard/files/${projectsId}`);
  await expect(card(page, 'Contracts')).toBeVisible();
  await uploadThroughApi(member.page.request, member.accessToken, textFile('brief.txt'), projectsId);
  await expect(card(page, 'brief.txt')).toBeVisible();
  // The owner's Activity Log says who did it.
  await expect(page.getByRole('region', { name: 'Activity Log' }).getByRole('listitem').filter({ hasText: 'brief.txt' })).toContainText(
    'Mia Member uploaded brief.txt',
  );
  await page.goto('/dashboard/files');
  await expect(teamFolders.getByRole('link', { name: /Projects 2027/ })).toBeVisible();
  await shoot(page, 'files-root-team-folders');

  // The member sees Projects 2027 and the file, never Contracts.
  await member.page.goto(`/dashboard/files/${projectsId}`);
  await expect(card(member.page, 'brief.txt')).toBeVisible();
  await expect(card(member.page, 'Contracts')).toHaveCount(0);
  await expect(member.page.getByRole('banner').getByRole('button', { name: 'Upload' })).toBeVisible();

  // A viewer (Can view only) has no Upload there, and no New Folder.
  const handbook = (await (await page.request.post('/api/team-folders', { data: { name: 'Handbook' }, headers })).json()) as { id: string };
  await page.request.put(`/api/folders/${handbook.id}/access`, { data: { entries: [{ grantee: 'everyone', level: 'view' }] }, headers });
  await uploadThroughApi(page.request, owner.accessToken, textFile('rules.txt'), handbook.id);
  await member.page.goto(`/dashboard/files/${handbook.id}`);
  await expect(member.page.getByRole('link', { name: 'Back to Files' })).toBeVisible();
  // Its files open and download, and offer no change: no Share, Rename, Move to… or Delete.
  await card(member.page, 'rules.txt').getByRole('button', { name: 'Actions for rules.txt' }).click();
  await expect(member.page.getByRole('menuitem', { name: 'Download' })).toBeVisible();
  for (const name of ['Share', 'Rename', 'Move to…', 'Delete']) await expect(member.page.getByRole('menuitem', { name })).toHaveCount(0);
  await member.page.keyboard.press('Escape');
  await expect(member.page.getByRole('button', { name: 'Sort by' }).or(member.page.getByRole('combobox', { name: 'Sort by' }))).toBeVisible();
  await expect(member.page.getByRole('banner').getByRole('button', { name: 'Upload' })).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: 'New Folder' })).toHaveCount(0);
  await shoot(member.page, 'team-folder-viewer');

  await member.context.close();
  await admin.context.close();
});

test('who has access: everyone who can open a file and why, its shares by email, removed and changed by those allowed', async ({ page, browser }) => {
  const { owner, headers } = await businessOwner(page, true);
  const member = await colleague(browser, page, owner.accessToken, 'Mia Member', 'member');
  const projects = (await (await page.request.post('/api/team-folders', { data: { name: 'Projects 2027' }, headers })).json()) as { id: string };
  const entries = [
    { grantee: 'everyone', level: 'view' },
    { grantee: member.userId, level: 'edit' },
  ];
  expect((await page.request.put(`/api/folders/${projects.id}/access`, { data: { entries }, headers })).status()).toBe(200);
  const memberHeaders = { authorization: `Bearer ${member.accessToken}` };
  const fileId = await uploadThroughApi(member.page.request, member.accessToken, textFile('plan.txt'), projects.id);
  expect((await member.page.request.post('/api/shares', { data: { fileId, email: 'client@example.com' }, headers: memberHeaders })).status()).toBe(201);

  // The member (Can edit) sees who has access and why, and may remove the share they made, but not change the list.
  await member.page.goto(`/dashboard/files/${projects.id}`);
  await chooseFromMenu(member.page, 'plan.txt', 'Who has access');
  const memberView = member.page.getByRole('dialog', { name: 'Who has access to plan.txt' });
  const people = memberView.getByRole('list', { name: 'People with access' });
  await expect(people.getByRole('listitem')).toHaveText([
    /Account owner.*Manages every team folder.*Can manage/,
    /Admins.*Manages every team folder.*Can manage/,
    /Everyone at Acme.*From Projects 2027 \(team folder\).*Can view/,
    /Mia Member.*From Projects 2027 \(team folder\).*Can edit/,
  ]);
  await expect(memberView.getByRole('region', { name: 'Shared by email' })).toContainText('client@example.comShared by Mia Member');
  await expect(memberView.getByRole('button', { name: 'Remove client@example.com' })).toBeVisible();
  await expect(memberView.getByRole('button', { name: 'Change access' })).toHaveCount(0);
  await member.context.close();

  // The owner removes the share, and changes the member's level from the same dialog.
  await page.goto(`/dashboard/files/${projects.id}`);
  await chooseFromMenu(page, 'plan.txt', 'Who has access');
  const dialog = page.getByRole('dialog', { name: 'Who has access to plan.txt' });
  await expect(dialog.getByRole('region', { name: 'Shared by email' })).toBeVisible();
  await shoot(page, 'who-has-access');
  await dialog.getByRole('button', { name: 'Remove client@example.com' }).click();
  await expect(dialog.getByRole('region', { name: 'Shared by email' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Change access' }).click();
  const change = page.getByRole('dialog', { name: 'Access to Projects 2027' });
  await change.getByRole('combobox', { name: 'Level of Mia Member' }).click();
  await page.getByRole('option', { name: 'Can view' }).click();
  await change.getByRole('button', { name: 'Save' }).click();
  const back = page.getByRole('dialog', { name: 'Who has access to plan.txt' });
  await expect(back.getByRole('list', { name: 'People with access' }).getByRole('listitem').last()).toHaveText(/Mia Member.*Can view/);
});

test('team folders are renamed and deleted from their card by those who manage them; one with contents is kept, with the reason', async ({ page }) => {
  const { owner, headers } = await businessOwner(page);
  const projects = (await (await page.request.post('/api/team-folders', { data: { name: 'Team projects' }, headers })).json()) as { id: string };
  expect((await page.request.post('/api/team-folders', { data: { name: 'Old plans' }, headers })).status()).toBe(201);
  await uploadThroughApi(page.request, owner.accessToken, textFile('kept.txt'), projects.id);

  await page.goto('/dashboard/files');
  const teamFolders = page.getByRole('region', { name: 'Team folders' });
  await chooseFromMenu(page, 'Old plans', 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await rename.getByLabel('Name').fill('team projects');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByText('A team folder named "team projects" already exists. Choose another name.')).toBeVisible();
  await rename.getByLabel('Name').fill('Plans 2026');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(teamFolders.getByRole('link', { name: 'Plans 2026' })).toBeVisible();
  await shoot(page, 'team-folder-menu');

  await chooseFromMenu(page, 'Team projects', 'Delete');
  await page.getByRole('dialog', { name: 'Delete team folder?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Failed to delete team folder')).toContainText('Cannot delete a team folder with contents. Please empty it first.');
  await expect(teamFolders.getByRole('link', { name: 'Team projects' })).toBeVisible();
  await chooseFromMenu(page, 'Plans 2026', 'Delete');
  await page.getByRole('dialog', { name: 'Delete team folder?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Team folder deleted')).toBeVisible();
  await expect(teamFolders.getByRole('link', { name: 'Plans 2026' })).toHaveCount(0);
});

test('inside a restricted folder, Upload and New Folder follow the level its own list gives', async ({ page, browser }) => {
  const { owner, headers } = await businessOwner(page);
  const member = await colleague(browser, page, owner.accessToken, 'Mia Member', 'member');
  const projects = (await (await page.request.post('/api/team-folders', { data: { name: 'Projects 2027' }, headers })).json()) as { id: string };
  await page.request.put(`/api/folders/${projects.id}/access`, { data: { entries: [{ grantee: member.userId, level: 'edit' }] }, headers });
  const contracts = (await (await page.request.post('/api/folders', { data: { name: 'Contracts', parentId: projects.id }, headers })).json()) as { id: string };
  await page.request.put(`/api/folders/${contracts.id}/access`, { data: { entries: [{ grantee: member.userId, level: 'view' }] }, headers });

  // Can edit in Projects 2027: Upload and New Folder.
  const upload = member.page.getByRole('banner').getByRole('button', { name: 'Upload' });
  await member.page.goto(`/dashboard/files/${projects.id}`);
  await expect(card(member.page, 'Contracts')).toBeVisible();
  await expect(upload).toBeVisible();
  await expect(member.page.getByRole('button', { name: 'New Folder' })).toBeVisible();
  // Can view in Contracts: neither, where the server would refuse them.
  await card(member.page, 'Contracts').getByRole('link').first().click();
  await expect(member.page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Contracts')).toBeVisible();
  await expect(member.page.getByText('Nothing has been added here yet')).toBeVisible();
  await expect(upload).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: 'New Folder' })).toHaveCount(0);
  await member.context.close();
});

test('Settings → Storage shows the owner what each team folder holds', async ({ page }) => {
  const { owner, headers } = await businessOwner(page);
  const projects = (await (await page.request.post('/api/team-folders', { data: { name: 'Projects 2027' }, headers })).json()) as { id: string };
  expect((await page.request.post('/api/team-folders', { data: { name: 'Archive' }, headers })).status()).toBe(201);
  await uploadThroughApi(page.request, owner.accessToken, textFile('plan.txt', 2048), projects.id);

  await page.goto('/dashboard/settings/storage');
  const byTeamFolder = page.getByRole('list', { name: 'Storage by team folder' });
  await expect(byTeamFolder.getByRole('listitem')).toHaveText([/^Projects 2027\s*2(\.00?)? KB$/, /^Archive\s*0 B$/]);
  await shoot(page, 'storage-by-team-folder');
});
