import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 1.4.10 reflow: the page does not scroll sideways. A failure names the elements that reach past the edge. */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth, beyond } = await page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    // An element, or a word too long for its box (which overflows the box without widening it).
    const textBeyond = (element: Element) =>
      Array.from(element.childNodes).some((node) => {
        if (node.nodeType !== Node.TEXT_NODE) return false;
        const range = document.createRange();
        range.selectNodeContents(node);
        return range.getBoundingClientRect().right > edge + 0.5;
      });
    const outside = Array.from(document.body.querySelectorAll('*')).filter((element) => element.getBoundingClientRect().right > edge + 0.5 || textBeyond(element));
    // The innermost of them: the ones whose content is too wide, not every box that holds them.
    const innermost = outside.filter((element) => !outside.some((other) => other !== element && element.contains(other)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: edge,
      beyond: innermost.slice(0, 5).map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">${(element.textContent ?? '').trim().slice(0, 60)}`),
    };
  });
  expect(scrollWidth, `horizontal scrolling on ${label}; reaching past the edge: ${beyond.join(' | ')}`).toBeLessThanOrEqual(clientWidth);
}

/**
 * Text a box cuts off: a box that hides what overflows it (overflow hidden or clip) holding text wider or taller
 * than itself. Boxes of a pixel or less are the visually hidden text screen readers read, hidden on purpose.
 */
export async function expectNothingClipped(page: Page, label: string): Promise<void> {
  const clipped = await page.evaluate(() =>
    Array.from(document.body.querySelectorAll('*'))
      .filter((element) => {
        const style = getComputedStyle(element);
        const hides = (value: string) => value === 'hidden' || value === 'clip';
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || !element.textContent?.trim() || !element.checkVisibility()) return false;
        return (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) || (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1);
      })
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">${(element.textContent ?? '').trim().slice(0, 60)}`),
  );
  expect(clipped, `text cut off on ${label}`).toEqual([]);
}

/** The left edge and top of an element on screen. */
export async function positionOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  expect(box, 'element is laid out').not.toBeNull();
  return { x: Math.round(box!.x), y: Math.round(box!.y) };
}
