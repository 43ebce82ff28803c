import { expect, type Page } from '@playwright/test';

/** A form's error summary (GOV.UK's): 'There is a problem' and what it is. */
export const errorSummary = (page: Page) => page.getByRole('group', { name: 'There is a problem' });

/** After a failed submit: the error summary has taken focus and says `message`. */
export async function expectProblem(page: Page, message: string | RegExp): Promise<void> {
  const summary = errorSummary(page);
  await expect(summary).toContainText(message);
  await expect(summary).toBeFocused();
}

/** No live region on the page says anything: a refusal in the summary is not said again (empty regions are hidden). */
export async function expectNothingElseSaid(page: Page): Promise<void> {
  await expect(page.getByRole('alert', { includeHidden: true }).filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(page.getByRole('status', { includeHidden: true }).filter({ hasText: /\S/ })).toHaveCount(0);
}
