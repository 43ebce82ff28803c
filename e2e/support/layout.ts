import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 1.4.10 reflow: the page does not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `horizontal scrolling on ${label}`).toBeLessThanOrEqual(clientWidth);
}

/** The left edge and top of an element on screen. */
export async function positionOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  expect(box, 'element is laid out').not.toBeNull();
  return { x: Math.round(box!.x), y: Math.round(box!.y) };
}
