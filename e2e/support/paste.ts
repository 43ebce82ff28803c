import type { Locator, Page } from '@playwright/test';

/**
 * Pastes `text` into `field` as a user does from the clipboard: one paste event and one input of the whole text,
 * not a key per character. The page's own clipboard is used, so nothing outside the test's browser is touched.
 */
export async function pasteInto(page: Page, field: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await field.focus();
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}
