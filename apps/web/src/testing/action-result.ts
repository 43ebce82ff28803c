import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

const LIVE = '[role="status"],[role="alert"],[role="log"],[aria-live]';

/**
 * What an action did, shown beside what caused it (D-077): a heading in `place` (the section of the form or button)
 * saying `text`, which has taken focus and is in no live region, so a screen reader says it once.
 */
export async function focusedResultIn(place: HTMLElement, text: string): Promise<HTMLElement> {
  const result = await within(place).findByRole('heading', { name: text });
  await waitFor(() => expect(result).toHaveFocus());
  expect(result.closest(LIVE)).toBeNull();
  return result;
}
