import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { signedInUser } from './support/users.ts';

test('a verified user reaches the dashboard', async ({ page }) => {
  await signedInUser(page);
  await expect(page.getByText(/Welcome back, Robin/)).toBeVisible();
  await expectNoAxeViolations(page, '/dashboard');
  await page.goto('/login');
  await expectNoAxeViolations(page, '/login');
});
