import type { Page } from '@playwright/test';
import { actionResult, expectFocusedResult } from './support/action-result.ts';
import { expectProblem } from './support/error-summary.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { linkFromMail } from './support/outbox.ts';
import { signIn } from './support/sign-in.ts';
import { fillSignUpForm, signUpFields } from './support/signup-form.ts';
import { unregisteredUser } from '../test-kit/test-user.ts';

// Issue #21 on /profile: 'Change password', and a deletion that the e-mailed 'Restore my account' link undoes.
test.describe.configure({ mode: 'parallel' });

const NEW_PASSWORD = 'Violet-Harbour7&Kite';
const section = (page: Page, name: string) => page.getByRole('region', { name });

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
  await expect(section(page, 'Recent activity').getByRole('listitem').first()).toBeVisible();
}

test("changes the password on /profile: every other browser is signed out, and the new password signs in", async ({ signedInPage: page, newUser: user, browser, baseURL }) => {
  const other = await browser.newContext({ baseURL: baseURL! });
  const otherPage = await other.newPage();
  await signIn(otherPage, user);

  await openProfile(page);
  const change = section(page, 'Change password');
  await expect(change.getByRole('checkbox', { name: 'Sign out every other browser' })).toBeChecked();
  await expectNoAxeViolations(page, "/profile's 'Change password'");
  await change.getByLabel('Current password').fill(user.password);
  await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await change.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await change.getByRole('button', { name: 'Show new password' }).click();
  await expect(change.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
  await change.getByRole('button', { name: 'Change password' }).click();
  // Below the emptied form, with focus, and in no live region (D-077); it stays until the user types again.
  const changed = 'Your password has been changed. 1 other browser signed out.';
  const result = await expectFocusedResult(change, changed);
  await expect(change.getByLabel('Current password')).toHaveValue('');
  await expect(section(page, 'Recent activity').getByRole('listitem').first()).toContainText('Signed out all other browsers');
  await expectNoAxeViolations(page, "/profile's 'Change password' done");
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, "/profile's 'Change password' done at 320 px");
  await expect(result).toBeFocused();
  await change.getByLabel('Current password').fill(NEW_PASSWORD);
  await expect(actionResult(change, changed)).toHaveCount(0);

  await otherPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(otherPage).toHaveURL(/\/login$/);
  // The old password no longer signs in; the new one does, and returns to the page it was going to.
  await otherPage.getByLabel('License ID').fill(user.licenseId);
  await otherPage.getByLabel('Password', { exact: true }).fill(user.password);
  await otherPage.keyboard.press('Enter');
  await expect(otherPage.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Invalid password/);
  await otherPage.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await otherPage.keyboard.press('Enter');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
  await other.close();
});

test('deletes the account, restores it by the e-mailed link and signs in again', async ({ signedInPage: page, newUser: user }) => {
  await openProfile(page);
  await section(page, 'Your data').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Your glasses will stop calling your emergency contacts.');
  await expect(dialog).toContainText("'Restore my account'");
  await expectNoAxeViolations(page, 'the deletion dialog');
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Closed at once: the license ID signs in to nothing.
  await page.getByLabel('License ID').fill(user.licenseId);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.keyboard.press('Enter');
  await expectProblem(page, 'Invalid credentials');

  // Whoever deleted it cannot end the restore by registering the license ID again: it stays the closed account's.
  await page.goto('/signup');
  await fillSignUpForm(page, unregisteredUser({ licenseId: user.licenseId }));
  await signUpFields(page).submit.click();
  await expectProblem(page, /^.*This license ID belongs to an account that was closed on \d{1,2} \w+ \d{4}\. It can be restored until \d{1,2} \w+ \d{4}\./);
  await expect(page.getByLabel('License ID')).toHaveAccessibleDescription(/This license ID belongs to an account that was closed on/);

  await page.goto(await linkFromMail(user.email, 'restore-account'));
  await expect(page.getByRole('heading', { level: 1, name: 'Restore your account' })).toBeFocused();
  await expectNoAxeViolations(page, '/restore-account');
  await page.getByRole('button', { name: 'Restore my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is back' })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText('Your account has been restored. Sign in to use it.');
  await expectNoAxeViolations(page, 'the restored account page');
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await openProfile(page);
  await expect(section(page, 'Recent activity')).toContainText('Account restored');
});
