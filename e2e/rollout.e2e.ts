import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from '../deploy/local/processes.mjs';
import { FrontEnds } from './support/front-ends';
import { signUpThroughApi } from './support/session';

/**
 * A rollout while a tab is open: the tab keeps running the release it loaded,
 * and the pages it has not opened yet are chunks of that release, which the
 * next release's servers do not build. They must still load.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'coffer-rollout-'));

/**
 * The next release of one front end: the same code built with another hash salt, so every
 * content-hashed file gets a new name (as a code change does to the files it touches), into
 * a folder of its own (the checkout's build stays as it is).
 */
function buildNextRelease(
  app: 'shell' | 'mfe-marketing' | 'mfe-account',
  release: string,
  { workspaceLibsVersion }: { workspaceLibsVersion?: string } = {},
): string {
  const out = path.join(work, release, app);
  const config = path.join(work, release, `${app}.rspack.config.mjs`);
  fs.mkdirSync(path.dirname(config), { recursive: true });
  fs.writeFileSync(
    config,
    `import base from ${JSON.stringify(path.join(ROOT, app, 'rspack.config.js'))};\n` +
      `const libs = ${JSON.stringify(workspaceLibsVersion ?? null)};\n` +
      `export default (env, argv) => [].concat(base(env, argv)).map((c) => {\n` +
      // A release built against another version of the workspace libs (@coffer/ui, @coffer/web-core) than the checkout's.
      `  for (const plugin of c.plugins ?? []) for (const [key, shared] of Object.entries(plugin?._options?.shared ?? {}))\n` +
      `    if (libs && key.startsWith('@coffer/')) plugin._options.shared[key] = { ...shared, version: libs, requiredVersion: '^' + libs };\n` +
      `  return { ...c, output: { ...c.output, path: ${JSON.stringify(out)}, hashSalt: ${JSON.stringify(release)} } };\n` +
      `});\n`,
  );
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '-c', config], {
    cwd: path.join(ROOT, app),
    env: { ...process.env, COFFER_RELEASE: release },
    stdio: 'ignore',
  });
  return out;
}

/** The content-hashed scripts of a build. */
const scriptsOf = (dir: string) => new Set(fs.readdirSync(dir).filter((file) => /\.[0-9a-f]{10}\.js$/.test(file)));

/** The requests of the page its servers refused or could not answer. */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => failed.push(`${req.failure()?.errorText} ${req.url()}`));
  return failed;
}

const marketingRelease = (page: Page) => page.locator('[data-remote="coffer_marketing"]');
const accountRelease = (page: Page) => page.locator('[data-remote="coffer_account"]');

test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

test.describe('a tab opened on one release, after the next release of the shell and a remote is served', () => {
  const frontEnds = new FrontEnds({ releases: path.join(work, 'kept-releases') });
  test.beforeAll(async () => frontEnds.start());
  test.afterAll(async () => frontEnds.stop());

  test("keeps working: the pages it had not opened yet load from its own release's chunks, the shell's frame too", async ({ page }) => {
    const shell = buildNextRelease('shell', 'rollout-next');
    const marketing = buildNextRelease('mfe-marketing', 'rollout-next');
    // The next release has none of this release's scripts: without the kept releases each of them is a 404.
    for (const [app, next] of [
      ['shell', shell],
      ['mfe-marketing', marketing],
    ]) {
      const current = scriptsOf(path.join(ROOT, app, 'dist'));
      expect([...scriptsOf(next)].filter((file) => current.has(file))).toEqual([]);
    }

    await signUpThroughApi(page, frontEnds.appUrl);
    await page.goto(`${frontEnds.appUrl}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure File Storage Built for Business' })).toBeVisible();
    await expect(marketingRelease(page)).toHaveAttribute('data-release', 'dev');
    const failed = failedRequests(page);

    await frontEnds.startRemote('mfe-marketing', marketing);
    await frontEnds.startShell(shell);

    // Pages of the remote whose chunks the tab has not loaded yet, without reloading the tab.
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    // Still the release the tab loaded, not a reload onto the next one.
    await expect(marketingRelease(page)).toHaveAttribute('data-release', 'dev');

    // The dashboard's frame: a chunk of the shell this tab has not loaded yet.
    await page.getByRole('banner').getByRole('link', { name: 'Coffer', exact: true }).click();
    await page.getByRole('main').getByRole('link', { name: 'My Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Files' }).getByText('Documents', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(failed).toEqual([]);

    // A new tab gets the next release.
    await page.goto(`${frontEnds.appUrl}/`);
    await expect(marketingRelease(page)).toHaveAttribute('data-release', 'rollout-next');
  });
});

test.describe('a tab whose release is no longer kept anywhere', () => {
  // No kept releases: the servers have only the release they serve.
  const frontEnds = new FrontEnds();
  test.beforeAll(async () => frontEnds.start());
  test.afterAll(async () => frontEnds.stop());

  test('reloads itself onto the release being served when a page of its own cannot load, instead of a broken page', async ({ page }) => {
    const marketing = buildNextRelease('mfe-marketing', 'rollout-gone');
    await page.goto(`${frontEnds.appUrl}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure File Storage Built for Business' })).toBeVisible();
    await expect(marketingRelease(page)).toHaveAttribute('data-release', 'dev');

    await frontEnds.startRemote('mfe-marketing', marketing);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    // Only a reload brings the tab onto the release being served.
    await expect(marketingRelease(page)).toHaveAttribute('data-release', 'rollout-gone');
    await expect(page).toHaveURL(`${frontEnds.appUrl}/terms`);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('This part of Coffer is unavailable')).toHaveCount(0);
  });
});

test.describe('a tab of the shell opening a remote whose next release needs the next release of the shared libraries', () => {
  const frontEnds = new FrontEnds({ releases: path.join(work, 'kept-releases-libs') });
  test.beforeAll(async () => frontEnds.start());
  test.afterAll(async () => frontEnds.stop());

  test('reloads onto the shell that provides them rather than run the remote on libraries it was not built for', async ({ page }) => {
    // @coffer/ui and @coffer/web-core at 0.2.0, an incompatible version for 0.1.0: released to the shell and the account remote.
    const shell = buildNextRelease('shell', 'libs-next', { workspaceLibsVersion: '0.2.0' });
    const account = buildNextRelease('mfe-account', 'libs-next', { workspaceLibsVersion: '0.2.0' });
    await page.goto(`${frontEnds.appUrl}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure File Storage Built for Business' })).toBeVisible();
    // Gone with a reload, there while the tab runs the shell it loaded.
    await page.evaluate(() => Object.assign(window, { loadedBeforeTheRollout: true }));

    await frontEnds.startRemote('mfe-account', account);
    await frontEnds.startShell(shell);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();

    await expect(accountRelease(page)).toHaveAttribute('data-release', 'libs-next');
    await expect(page.getByText('Sign in to your account')).toBeVisible();
    expect(await page.evaluate(() => 'loadedBeforeTheRollout' in window)).toBe(false);
    await expect(page.getByText('This part of Coffer is unavailable')).toHaveCount(0);
  });
});
