import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core (every rule, best practices included) on the page as it is now
 * and fails on any serious or critical violation, listing each with the
 * elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page, what = page.url()) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `serious or critical axe violations on ${what}`).toEqual([]);
}
