import type { Page } from '@playwright/test';
import { expectFocusedResult } from './support/action-result.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { openDashboard } from './support/sign-in.ts';

// /dashboard leads with the user's set-up and the next step (issue #9).
test.describe.configure({ mode: 'parallel' });

const setUp = (page: Page) => page.getByRole('region', { name: 'Your set-up' });
const step = (page: Page, title: string) => setUp(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${title}`) }) });

test('a new user sees what is set up and what to do next, and each step leads there', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await expect(setUp(page)).toBeVisible();
  await expect(step(page, 'Emergency contact').getByRole('heading')).toHaveAccessibleName('Emergency contact: Not started');
  await expect(step(page, 'Emergency contact')).toContainText('No emergency contact yet.');
  await expect(step(page, 'Faces')).toContainText('No faces yet.');
  // A first visit has no glasses, so nothing can be up to date yet.
  await expect(step(page, 'Feature updates').getByRole('heading')).toHaveAccessibleName('Feature updates: Not started');
  await expect(step(page, 'Feature updates')).toContainText('Pair your glasses first');
  await expect(step(page, 'Glasses')).toContainText('No glasses paired yet.');
  await expect(setUp(page).getByText('0 of 4 done.')).toBeVisible();
  await expectNoAxeViolations(page, '/dashboard set-up checklist');
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, '/dashboard at 320 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  await step(page, 'Emergency contact').getByRole('link', { name: 'Add an emergency contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emergency Contacts' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Primary contact full name' }).fill('Asha Rao');
  await page.getByRole('textbox', { name: 'Primary contact phone number' }).fill('202 555 0123');
  await page.getByRole('button', { name: 'Save Contacts' }).click();
  await expectFocusedResult(page.getByRole('main'), 'Emergency contacts saved successfully');

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(step(page, 'Emergency contact').getByRole('heading')).toHaveAccessibleName('Emergency contact: Done');
  await expect(step(page, 'Emergency contact')).toContainText('Asha Rao is your primary emergency contact.');
});
