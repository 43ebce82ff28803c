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

/**
 * Chooses `locale` with the footer's 'Language' form as the app answers it (at once, no reload), so the screen stays
 * in the state it is in (a dialog open, errors shown); false where the page has no such form, or the app has not
 * taken it over (the form would then reload the page).
 */
async function switchTo(page: Page, locale: string): Promise<boolean> {
  const switched = await page.evaluate((locale) => {
    const button = document.querySelector<HTMLButtonElement>(`form[action="/language"] button[value="${locale}"]`);
    if (!button?.form || document.title === 'SEVA portal') return false;
    button.form.requestSubmit(button);
    return true;
  }, locale);
  if (switched) await expect(page.locator('html')).toHaveAttribute('lang', locale);
  return switched;
}

/**
 * Fails with the list of violations, if axe finds any on the page as it is now, in its language and then in the other
 * (issue #33: every screen and state in both languages): the page is switched to it and back, its state kept.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${label}`).toEqual([]);
  const language = await page.locator('html').getAttribute('lang');
  const other = language === 'hi' ? 'en-GB' : 'hi';
  if (language === 'en-XA' || !(await switchTo(page, other))) return;
  try {
    expect(await axeViolations(page), `axe violations on ${label}, in ${other}`).toEqual([]);
  } finally {
    await switchTo(page, language ?? 'en-GB');
  }
}
