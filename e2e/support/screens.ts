import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { testDataDir } from '../../deploy/local/stack.mjs';

export const MOBILE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
/** Where the screens a change touched are kept, to look at (1280 px and 360 px). */
const SCREENS = path.join(testDataDir(), 'screens');

/** Full-page screenshots of `page` at 1280 and 360 px wide, as `<name>-1280.png` and `<name>-360.png`; back at 1280 after. */
export async function screens(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['360', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SCREENS, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
