import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails after `maxPresses`. */
export async function tabTo(page: Page, target: Locator, { backwards = false, maxPresses = 30 } = {}): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${maxPresses} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

/** Tabs to a text field and types into it with the keyboard. */
export async function tabAndType(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}
