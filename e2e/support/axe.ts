import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, plus AAA's few rules (among them the 7:1 contrast our users need). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'wcag2aaa'];

/**
 * axe-core ships `target-size` (WCAG 2.5.8) disabled. The tag `wcag22aa` runs it today, but only through how axe-core
 * matches tags, so it is switched on by name as well (D-067). `options` replaces what `withTags` set: it comes first.
 */
const axeOf = (page: Page) =>
  new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .withTags(AXE_TAGS);

/** The violations axe finds on the page as it is now, one line each: rule, what it asks, the elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeOf(page).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails with the list of violations, if axe finds any on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${label}`).toEqual([]);
}
