import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from '../deploy/local/processes.mjs';
import { testDataDir } from '../deploy/local/stack.mjs';
import { FrontEnds } from './support/front-ends';
import { signUpThroughApi } from './support/session';

const FOLDERS = ['Documents', 'Images', 'Projects', 'Invoices'];

async function expectRootFolders(page: Page) {
  const files = page.getByRole('region', { name: 'Files' });
  for (const name of FOLDERS) await expect(files.getByText(name, { exact: true })).toBeVisible();
}

test.describe('every remote, loaded at run time', () => {
  test('the landing page comes from mfe-marketing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Secure File Storage Built for Business' })).toBeVisible();
    await expect(page.locator('[data-remote="coffer_marketing"]')).toBeVisible();
  });

  test('the sign-in page comes from mfe-account', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Sign in to your account')).toBeVisible();
    await expect(page.locator('[data-remote="coffer_account"]')).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Coffer');
    // The icon is inline: no request for it can fail.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
  });

  test("the dashboard files tab comes from mfe-files, with a new user's root folders read from the files service", async ({ page }) => {
    await signUpThroughApi(page, process.env.COFFER_TEST_APP_URL);
    await page.goto('/dashboard');
    await expectRootFolders(page);
    await expect(page.locator('[data-remote="coffer_files"]')).toBeVisible();
  });
});

test.describe('a remote that is down', () => {
  const frontEnds = new FrontEnds();
  test.beforeAll(async () => frontEnds.start());
  test.afterAll(async () => frontEnds.stop());

  test('degrades only its own routes, and comes back on Retry', async ({ page }) => {
    await signUpThroughApi(page, frontEnds.appUrl);
    await page.goto(`${frontEnds.appUrl}/dashboard`);
    await expectRootFolders(page);

    await frontEnds.stopRemote('mfe-files');
    await page.goto(`${frontEnds.appUrl}/dashboard/files`);
    const panel = page.getByRole('alert');
    await expect(panel.getByText('This part of Coffer is unavailable')).toBeVisible();

    // The other remotes' pages keep working, in the same tab.
    await page.goto(`${frontEnds.appUrl}/`);
    await expect(page.getByRole('heading', { name: 'Secure File Storage Built for Business' })).toBeVisible();
    // (Signed in, /login goes on to the dashboard: the account remote's Settings stand in for it.)
    await page.goto(`${frontEnds.appUrl}/dashboard/settings`);
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

    // Still down: Retry shows the panel again.
    await page.goto(`${frontEnds.appUrl}/dashboard/files`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('This part of Coffer is unavailable')).toBeVisible();

    // Back up: Retry loads the page without a reload.
    await frontEnds.startRemote('mfe-files');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectRootFolders(page);
  });

  test('a redeployed mfe-files, with a new component and a new class, shows styled in the running shell without rebuilding the shell', async ({ page }) => {
    const shellDigest = () => {
      const hash = createHash('sha256');
      const dist = path.join(ROOT, 'shell/dist');
      for (const file of fs.readdirSync(dist, { recursive: true }).map(String).sort()) {
        const full = path.join(dist, file);
        if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
      }
      return hash.digest('hex');
    };
    const before = shellDigest();
    await signUpThroughApi(page, frontEnds.appUrl);
    await page.goto(`${frontEnds.appUrl}/dashboard`);
    await expect(page.locator('[data-remote="coffer_files"]')).toHaveAttribute('data-release', 'dev');

    // The files team's next release: a copy of mfe-files (in the checkout, so it finds the workspace's packages)
    // with a new component using classes no other code has.
    const release = `e2e-${Date.now()}`;
    const project = path.join(testDataDir(), `redeploy/${release}/mfe-files`);
    fs.cpSync(path.join(ROOT, 'mfe-files'), project, { recursive: true, filter: (source) => !source.includes(`${path.sep}dist`) });
    fs.writeFileSync(
      path.join(project, 'src/components/release-note.tsx'),
      'export function ReleaseNote() {\n  return <p className="tracking-[0.3125em] text-[rgb(12,34,56)]">New in this release</p>;\n}\n',
    );
    const routes = path.join(project, 'src/exposes/routes.tsx');
    const withNote = fs
      .readFileSync(routes, 'utf8')
      .replace(
        'files: inFilesRoot(FileBrowserPage),',
        'files: inFilesRoot(function FilesWithNote() {\n    return (\n      <>\n        <ReleaseNote />\n        <FileBrowserPage />\n      </>\n    );\n  }),',
      )
      .concat("import { ReleaseNote } from '../components/release-note';\n");
    expect(withNote).toContain('<ReleaseNote />');
    fs.writeFileSync(routes, withNote);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'coffer-mfe-files-'));
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--output-path', out], {
      cwd: project,
      env: { ...process.env, COFFER_RELEASE: release },
      stdio: 'ignore',
    });
    await frontEnds.startRemote('mfe-files', out);

    await page.reload();
    await expect(page.locator('[data-remote="coffer_files"]')).toHaveAttribute('data-release', release);
    await expectRootFolders(page);
    const note = page.getByText('New in this release');
    await expect(note).toBeVisible();
    // Styled by the remote's own stylesheet: 0.3125em of 16 px is 5 px.
    await expect(note).toHaveCSS('letter-spacing', '5px');
    await expect(note).toHaveCSS('color', 'rgb(12, 34, 56)');
    expect(shellDigest()).toBe(before);
    await frontEnds.startRemote('mfe-files');
    fs.rmSync(path.dirname(project), { recursive: true, force: true });
  });
});

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (msg) => logged.push(msg.text()));
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  expect(logged).toContain('404 Error: User attempted to access non-existent route: /no/such/page');
});

test('a malformed address shows the same 404 page, not a bare error', async ({ page }) => {
  const res = await page.goto('/files/%E0%A4%A');
  expect(res?.headers()['content-type']).toContain('text/html');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});

test('each page names itself in the browser tab', async ({ page }) => {
  const titles: [string, string][] = [
    ['/', 'Coffer: Secure File Storage Built for Business'],
    ['/why-coffer', 'Why Coffer? · Coffer'],
    ['/pricing', 'Pricing · Coffer'],
    ['/contact-sales', 'Contact Sales · Coffer'],
    ['/terms', 'Terms of Service · Coffer'],
    ['/privacy', 'Privacy Policy · Coffer'],
    ['/login', 'Sign in · Coffer'],
    ['/reset-password', 'Reset your password · Coffer'],
    ['/verify-email', 'We could not confirm your email address · Coffer'],
    ['/no/such/page', 'Page not found · Coffer'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  await signUpThroughApi(page, process.env.COFFER_TEST_APP_URL);
  for (const [path, title] of [
    ['/dashboard', 'Files · Coffer'],
    ['/dashboard/shared', 'Shared · Coffer'],
    ['/dashboard/trash', 'Trash · Coffer'],
    ['/dashboard/search?q=report', 'Search · Coffer'],
    ['/dashboard/settings', 'Settings · Coffer'],
    ['/checkout', 'No Plan Selected · Coffer'],
    ['/checkout?plan=business', 'Start your free trial of Business Plan · Coffer'],
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('serves no source maps and no build statistics, and no bundle points to a map', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
  const manifests = Object.values(remotes);
  expect(manifests.length).toBe(3);
  for (const listed of manifests) {
    const manifest = new URL(listed, process.env.COFFER_TEST_APP_URL);
    const remoteEntry = new URL('remoteEntry.js', manifest).toString();
    scripts.push(remoteEntry);
    expect((await request.get(new URL('mf-stats.json', manifest).toString())).status(), manifest).toBe(404);
  }
  for (const script of scripts) {
    const js = await request.get(new URL(script, process.env.COFFER_TEST_APP_URL).toString());
    expect(js.status(), script).toBe(200);
    expect(await js.text(), script).not.toContain('sourceMappingURL');
    expect((await request.get(new URL(`${script}.map`, process.env.COFFER_TEST_APP_URL).toString())).status(), `${script}.map`).toBe(404);
  }
  // The build still writes them, for whoever debugs it: they are there, and not served.
  const built = fs.readdirSync(path.join(ROOT, 'shell/dist')).filter((file) => file.endsWith('.js.map'));
  expect(built.length).toBeGreaterThan(0);
  expect((await request.get(`/${built[0]}`)).status()).toBe(404);
});
