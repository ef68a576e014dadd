import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../deploy/local/chromium.mjs';
import { testDataDir } from '../deploy/local/stack.mjs';

// Runs against the stack `npm test` started (COFFER_TEST_APP_URL), or starts
// one itself (global-setup.ts) when run alone: `npx playwright test -c e2e/playwright.config.ts`.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: path.join(testDataDir(), 'e2e-results'),
  reporter: [['list'], ['json']],
  use: {
    baseURL: process.env.COFFER_TEST_APP_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
    // Animations end at once (the UI's reduced-motion rule): every check and screenshot sees the settled page.
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
});
