import type { Page } from '@playwright/test';
import { expectProblem } from './support/error-summary.ts';
import { tabAndType, tabTo } from './support/keyboard.ts';
import { linkFromMail } from './support/outbox.ts';
import { signUpFields } from './support/signup-form.ts';
import { unregisteredUser, type TestUser } from '../test-kit/test-user.ts';
import { expect, test } from './support/fixtures.ts';
import { signIn } from './support/sign-in.ts';

// Keyboard alone: no clicks and no fill; only Tab, Shift+Tab, Enter, Space, arrows, Escape and typed text.
test.describe.configure({ mode: 'parallel' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const skipLink = (page: Page) => page.getByRole('link', { name: 'Skip to main content' });

async function expectSkipLinkFirst(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(skipLink(page)).toBeFocused();
  await expect(skipLink(page)).toBeVisible();
}

async function signInByKeyboard(page: Page, user: Pick<TestUser, 'licenseId' | 'password'>): Promise<void> {
  await tabAndType(page, page.getByLabel('License ID'), user.licenseId);
  await tabAndType(page, page.getByLabel('Password', { exact: true }), user.password);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'My Dashboard')).toBeFocused();
}

test('sign up, sign in, open the profile menu and sign out with the keyboard alone', async ({ page }) => {
  const user = unregisteredUser({ countryCode: '+44' });
  const f = signUpFields(page);
  await page.goto('/signup');
  await expectSkipLinkFirst(page);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(f.username).toBeFocused();
  await page.keyboard.type(user.username);
  await tabAndType(page, f.email, user.email);
  await tabTo(page, f.country);
  await page.keyboard.press('ArrowUp');
  await expect(f.country.locator('option:checked')).toHaveText('United Kingdom (+44)');
  await tabAndType(page, f.phone, user.phoneNumber);
  await tabAndType(page, f.licenseId, user.licenseId);
  await tabAndType(page, f.password, user.password);
  await tabAndType(page, f.confirmPassword, user.password);
  await tabTo(page, f.submit);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Verification Sent')).toBeFocused();

  await tabTo(page, page.getByRole('link', { name: 'Sign in now' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Sign in to SEVA')).toBeFocused();

  await page.goto(await linkFromMail(user.email, 'verify-email'));
  await expect(page.getByRole('status')).toHaveText('Your e-mail is verified. You can now sign in.');
  await tabTo(page, page.getByRole('link', { name: 'Go to sign in' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Sign in to SEVA')).toBeFocused();
  await signInByKeyboard(page, user);
  await expect(page.getByText(`Welcome back, ${user.username}`)).toBeVisible();

  const menuButton = page.getByRole('button', { name: `Profile menu for ${user.username}` });
  await page.keyboard.press('Tab');
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'User Profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Space');
  await expect(page.getByRole('menuitem', { name: 'User Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(heading(page, 'Sign in to SEVA')).toBeFocused();
});

test('the skip link passes the navigation on the dashboard', async ({ page, newUser: user }) => {
  await signIn(page, user);
  await page.reload();
  await expect(heading(page, 'My Dashboard')).toBeVisible();
  await expectSkipLinkFirst(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'SEVA home' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(skipLink(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'User Profile' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('request a password reset and choose a new password with the keyboard alone', async ({ page, newUser: user }) => {
  await page.goto('/login');
  await expectSkipLinkFirst(page);
  await tabTo(page, page.getByRole('link', { name: 'Forgot password?' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Reset your password')).toBeFocused();
  await tabAndType(page, page.getByLabel('Email'), user.email);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Check your e-mail')).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'BACK TO LOGIN' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Sign in to SEVA')).toBeFocused();

  const chosen = 'Quiet-Harbour4$Fern';
  await page.goto(await linkFromMail(user.email, 'reset-password'));
  // Opened from an e-mail, the page puts focus on its heading; the new password is the next stop.
  await expect(heading(page, 'Choose a new password')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.keyboard.type(chosen);
  // The button beside it shows what was typed, and hides it again.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show new password' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide new password' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'password');
  await tabAndType(page, page.getByLabel('Confirm new password'), chosen);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Password changed')).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Go to sign in' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Sign in to SEVA')).toBeFocused();
  await tabAndType(page, page.getByLabel('License ID'), user.licenseId);
  await tabAndType(page, page.getByLabel('Password', { exact: true }), user.password);
  await page.keyboard.press('Enter');
  await expectProblem(page, 'Invalid password');
  // The summary's link leads to the field.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(chosen);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'My Dashboard')).toBeFocused();
});

test("a refused sign-in moves focus to 'There is a problem', from where the form follows", async ({ page }) => {
  await page.goto('/login');
  await tabAndType(page, page.getByLabel('License ID'), 'SEVA-NO-SUCH-LICENSE');
  await tabAndType(page, page.getByLabel('Password', { exact: true }), 'Blue-Cactus9!Lamp');
  const button = page.getByRole('button', { name: 'SIGN IN' });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expectProblem(page, 'Invalid credentials');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('License ID')).toBeFocused();
});
