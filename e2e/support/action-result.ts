import { expect, type Locator } from '@playwright/test';

const LIVE = '[role="status"],[role="alert"],[role="log"],[aria-live]';

/** What an action did, shown in `place` beside what caused it (D-077): a heading saying `text`. */
export const actionResult = (place: Locator, text: string): Locator => place.getByRole('heading', { name: text, exact: true });

/**
 * After an action that emptied or closed what caused it: its result is in `place`, has taken focus, and is in no live
 * region, so a screen reader says it once, as focus reaches it.
 */
export async function expectFocusedResult(place: Locator, text: string): Promise<Locator> {
  const result = actionResult(place, text);
  await expect(result).toBeFocused();
  expect(await result.evaluate((element, live) => element.closest(live) === null, LIVE), `'${text}' is not inside a live region`).toBe(true);
  return result;
}
