import { expect, type Page } from '@playwright/test';
import type { TestUser } from '../../test-kit/test-user.ts';

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'My Dashboard' });

/** Signs in through the /login screen and waits for the dashboard. */
export async function signIn(page: Page, user: Pick<TestUser, 'licenseId' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('License ID').fill(user.licenseId);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(dashboardHeading(page)).toBeVisible();
}

/** Opens the dashboard on a signed-in page (the `signedInPage` fixture) and waits for it. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(dashboardHeading(page)).toBeVisible();
}
