import type { Locator, Page } from '@playwright/test';
import { expectFocusedResult } from './support/action-result.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { decodeQrPng } from './support/qr-code.ts';
import { expectFieldError } from './support/field-error.ts';
import { expectProblem } from './support/error-summary.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { pasteInto } from './support/paste.ts';
import { expect, test } from './support/fixtures.ts';
import { openDashboard } from './support/sign-in.ts';

// /profile (product §2, §3, §4, §5, §8): the user record, username and phone edited one at a time, the identity QR.
test.describe.configure({ mode: 'parallel' });

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'User Profile' });
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const details = (page: Page) => page.getByRole('region', { name: 'Account details' });
/** The value a term of the details list shows (its <dd>). */
const valueOf = (page: Page, term: string) => details(page).locator(`dt:text-is("${term}") + dd`);
const editButton = (page: Page, field: 'username' | 'phone') => page.getByRole('button', { name: `Edit ${field}`, exact: true });

/** Opens /profile through the navigation, as a user would; the heading takes focus. */
async function openProfile(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(heading(page)).toBeFocused();
}

/** The text a PNG data-URL QR code holds, read the way a scanner would. */
async function decodeQr(dataUrl: string): Promise<string | undefined> {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  return decodeQrPng(png);
}

async function startEdit(page: Page, field: 'username' | 'phone'): Promise<Locator> {
  await editButton(page, field).click();
  const input = page.getByLabel(field === 'phone' ? 'New phone number' : 'New username');
  await expect(input).toBeFocused();
  return input;
}

test('shows the record, with read-only e-mail and license ID, security clearance and an identity QR that scans', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await openProfile(page);

  await expect(valueOf(page, 'Username')).toContainText(user.username);
  // Read back grouped the way the country writes it, as a link that calls it.
  await expect(valueOf(page, 'Phone').getByRole('link', { name: '+1 202 555 0123' })).toHaveAttribute('href', `tel:${user.countryCode}${user.phoneNumber}`);
  await expect(valueOf(page, 'Email')).toHaveText(user.email);
  await expect(valueOf(page, 'License ID')).toHaveText(user.licenseId);
  await expect(valueOf(page, 'Security clearance')).toHaveText('Level 1');
  await expect(page.getByText('Email and license ID are not editable.')).toBeVisible();
  // Only username and phone have an 'Edit' button; e-mail and license ID have no input at all (the password fields
  // further down belong to 'Change password').
  await expect(page.getByRole('main').getByRole('button', { name: /^Edit/ })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Account details' }).getByRole('textbox')).toHaveCount(0);

  const identity = `ID:${user.licenseId},Email:${user.email},Version:1.0`;
  const qr = page.getByRole('img', { name: `Identity QR code for license ID ${user.licenseId}. It encodes: ${identity}` });
  await expect(qr).toBeVisible();
  expect(await decodeQr((await qr.getAttribute('src')) ?? '')).toBe(identity);
  // What is on screen scans too, not only the data behind it.
  expect(await decodeQrPng(await qr.screenshot())).toBe(identity);

  await expectNoAxeViolations(page, '/profile');

  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, '/profile at 320 px');
  await startEdit(page, 'phone');
  await expectNoHorizontalScroll(page, '/profile editing the phone at 320 px');
});

test('edits the username: the rule, the success message, and the dashboard greets the new name', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await openProfile(page);

  const input = await startEdit(page, 'username');
  await expect(input).toHaveValue(user.username);
  await expectNoAxeViolations(page, '/profile editing the username');

  await input.fill('  ab ');
  await page.getByRole('button', { name: 'Save username' }).click();
  await expectFieldError(input, 'Username must be at least 3 characters.');
  await expectProblem(page, 'Username must be at least 3 characters.');
  await expectNoAxeViolations(page, '/profile with a username error');

  await input.fill('  Asha Rao  ');
  await page.getByRole('button', { name: 'Save username' }).click();
  // Said in the row, where the editor was, and focused (D-077); it stays until the next action.
  const saved = await expectFocusedResult(valueOf(page, 'Username'), 'Username updated successfully.');
  await expect(valueOf(page, 'Username')).toContainText('Asha Rao');
  await expectNoAxeViolations(page, '/profile with a username saved');
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, '/profile with a username saved at 320 px');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(saved).toBeFocused();
  await editButton(page, 'phone').click();
  await expect(saved).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByText('Welcome back, Asha Rao')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Welcome back, Asha Rao')).toBeVisible();
});

test('edits the phone: the rule and placeholder, cancel restores the value, then a UK number typed and pasted saves', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openProfile(page);
  const country = page.getByRole('main').getByLabel('Country code');

  let input = await startEdit(page, 'phone');
  await expect(input).toHaveAttribute('placeholder', 'Format: +1234567890');
  await expect(input).toHaveValue('202 555 0123');
  await expect(country.locator('option:checked')).toHaveText('USA (+1)');
  await input.fill('202555012');
  await input.press('Enter');
  await expectFieldError(input, 'Please enter exactly 10 digits for USA');
  await input.fill('+12ab');
  await page.getByRole('button', { name: 'Save phone' }).click();
  await expectFieldError(input, 'Please enter a valid phone number.');
  await expectNoAxeViolations(page, '/profile with a phone error');

  await page.getByRole('button', { name: 'Cancel phone edit' }).click();
  await expect(editButton(page, 'phone')).toBeFocused();
  await expect(valueOf(page, 'Phone')).toContainText('+1 202 555 0123');

  // Escape cancels too, and the typed value is not kept.
  input = await startEdit(page, 'phone');
  await input.fill('+4420');
  await input.press('Escape');
  await expect(editButton(page, 'phone')).toBeFocused();
  await expect(valueOf(page, 'Phone')).toContainText('+1 202 555 0123');

  // A UK number as written at home: every digit kept, read back before saving, saved whole.
  input = await startEdit(page, 'phone');
  await country.selectOption({ label: 'United Kingdom (+44)' });
  await input.fill('');
  await input.pressSequentially('07700 900123');
  await expect(input).toHaveValue('07700 900123');
  await expect(input).toHaveAccessibleDescription(/Will be saved as \+44 7700 900123\.$/);
  await expectNoAxeViolations(page, '/profile with a phone read back');
  await input.press('Enter');
  await expectFocusedResult(valueOf(page, 'Phone'), 'Phone updated successfully.');
  await expect(valueOf(page, 'Phone').getByRole('link', { name: '+44 7700 900123' })).toHaveAttribute('href', 'tel:+447700900123');

  // Pasted in international form, into a field that opens on the saved number as the read view shows it.
  input = await startEdit(page, 'phone');
  await expect(country.locator('option:checked')).toHaveText('United Kingdom (+44)');
  await expect(input).toHaveValue('7700 900123');
  await input.fill('');
  await pasteInto(page, input, '+44 20 7946 0958');
  await expect(input).toHaveValue('+44 20 7946 0958');
  await input.press('Enter');
  await expectFocusedResult(valueOf(page, 'Phone'), 'Phone updated successfully.');
  await page.reload();
  await expect(valueOf(page, 'Phone').getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
});

test('a failed save says so, keeps the edit open and changes nothing', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await openProfile(page);
  await page.route('**/api/profile', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }) : route.fallback(),
  );

  const input = await startEdit(page, 'username');
  await input.fill('Someone Else');
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(alert(page)).toHaveText('Failed to update username. Please try again.');
  await expect(input).toHaveValue('Someone Else');

  await page.unroute('**/api/profile');
  await page.reload();
  await expect(valueOf(page, 'Username')).toContainText(user.username);
});

test("'Sign Out' on the profile signs out, and /login says so", async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openProfile(page);
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await expectNoAxeViolations(page, '/login after signing out');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a profile that cannot be loaded shows the error view, and RETURN TO LOGIN signs out', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await page.route('**/api/profile', (route) => route.fulfill({ status: 404, json: { message: 'User profile not found.' } }));
  await openProfile(page);
  await expect(alert(page)).toHaveText('User profile not found.');
  await expectNoAxeViolations(page, '/profile error view');

  await page.route('**/api/profile', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }));
  await page.reload();
  await expect(alert(page)).toHaveText('Failed to load profile data.');

  await page.getByRole('button', { name: 'RETURN TO LOGIN' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to SEVA' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
