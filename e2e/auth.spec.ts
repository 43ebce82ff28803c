import type { Page } from '@playwright/test';
import { expectFieldError } from './support/field-error.ts';
import { errorSummary, expectNothingElseSaid, expectProblem } from './support/error-summary.ts';
import { expectNoHorizontalScroll, positionOf } from './support/layout.ts';
import { linkFromMail } from './support/outbox.ts';
import { fillSignUpForm, signUpFields } from './support/signup-form.ts';
import { unregisteredUser, type TestUser } from '../test-kit/test-user.ts';
import { expect, test } from './support/fixtures.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'parallel' });

/** product §9: the 'Verification Sent' view stays 5 s; leave room above it. */
const SIGNUP_REDIRECT_WAIT_MS = 9_000;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function submitSignIn(page: Page, licenseId: string, password: string): Promise<void> {
  await page.getByLabel('License ID').fill(licenseId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}

async function signUpThroughForm(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signup');
  await fillSignUpForm(page, user);
  await signUpFields(page).submit.click();
}

test('a new user signs up, verifies the e-mail, signs in, opens the profile and signs out', async ({ page }) => {
  const user = unregisteredUser();
  await signUpThroughForm(page, user);

  await expect(heading(page, 'Verification Sent')).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`We sent a verification link to ${user.email}`);
  await expect(page).toHaveURL(/\/signup$/);
  await page.waitForURL('**/login', { timeout: SIGNUP_REDIRECT_WAIT_MS });
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Verification Sent');
  const firstLink = await linkFromMail(user.email, 'verify-email');

  // Before verifying: the verification view, and a fresh e-mail on request.
  await submitSignIn(page, user.licenseId, user.password);
  await expect(heading(page, 'Verification Required')).toBeVisible();
  await expect(heading(page, 'Verification Required')).toBeFocused();
  await page.getByRole('button', { name: 'Send the verification e-mail again' }).click();
  await expect(page.getByRole('status')).toHaveText('Verification e-mail sent. Please check your inbox.');
  const secondLink = await linkFromMail(user.email, 'verify-email', firstLink);

  await page.goto(secondLink);
  await expect(heading(page, 'Verify your e-mail')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your e-mail is verified. You can now sign in.');

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await submitSignIn(page, user.licenseId, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(heading(page, 'My Dashboard')).toBeVisible();
  await expect(page.getByText(`Welcome back, ${user.username}`)).toBeVisible();

  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'User Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Current: Profile')).toBeVisible();

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
});

test.describe('sign-up form', () => {
  test('shows each rule under its field', async ({ page }) => {
    await page.goto('/signup');
    const f = signUpFields(page);
    await f.submit.click();
    await expectFieldError(f.username, 'Username required');
    await expectFieldError(f.email, 'Email required');
    await expectFieldError(f.phone, 'Phone required');
    await expectFieldError(f.licenseId, 'License ID required');
    await expectFieldError(f.password, 'Password required');
    await expectFieldError(f.confirmPassword, 'Confirmation required');
    await expectProblem(page, 'Username required');
    await errorSummary(page).getByRole('link', { name: 'Username required' }).click();
    await expect(f.username).toBeFocused();

    await f.username.fill('Ro');
    await f.email.fill('robin@example');
    await f.phone.fill('20255501');
    await f.password.fill('bluecactus');
    await f.confirmPassword.fill('bluecactuz');
    await f.submit.click();
    await expectFieldError(f.username, 'Minimum 3 characters');
    await expectFieldError(f.email, 'Invalid email address');
    await expectFieldError(f.phone, 'Please enter exactly 10 digits for USA');
    await expectFieldError(f.password, 'Must include uppercase, lowercase, number & symbol');
    await expectFieldError(f.confirmPassword, 'Passwords must match');

    await f.password.fill('Blue1!');
    await f.submit.click();
    await expectFieldError(f.password, 'Minimum 8 characters');

    await f.country.selectOption({ label: 'Malaysia (+60)' });
    await f.phone.fill('1234567');
    await f.submit.click();
    await expectFieldError(f.phone, 'Phone number must be 8, 9 or 10 digits for Malaysia');
    await f.phone.fill('123456789');
    await expect(f.phone).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('takes the phone number as written, keeps every digit and says how it reads', async ({ page }) => {
    await page.goto('/signup');
    const f = signUpFields(page);
    await expect(f.country.locator('option:checked')).toHaveText('USA (+1)');
    await f.phone.pressSequentially('(202) 555-0123');
    await expect(f.phone).toHaveValue('(202) 555-0123');
    await expect(f.phone).toHaveAccessibleDescription(/Will be saved as \+1 202 555 0123\.$/);
    await f.phone.pressSequentially('4567');
    await expect(f.phone).toHaveValue('(202) 555-01234567');
    await f.submit.click();
    await expectFieldError(f.phone, 'Please enter exactly 10 digits for USA');

    // Changing the country checks the number again: a UK number typed as at home.
    await f.country.selectOption({ label: 'United Kingdom (+44)' });
    await f.phone.fill('07700 900123');
    await expect(f.phone).not.toHaveAttribute('aria-invalid', 'true');
    await expect(f.phone).toHaveAccessibleDescription(/Will be saved as \+44 7700 900123\.$/);
  });

  // A browser preferring Hindi gets the page in Hindi, which names the country in Hindi (issue #23).
  for (const [locale, country] of [
    ['en-GB', 'United Kingdom (+44)'],
    ['hi-IN', 'भारत (+91)'],
  ] as const) {
    test.describe(`in a browser whose language is ${locale}`, () => {
      test.use({ locale });
      test(`starts the country at ${country}`, async ({ page }) => {
        await page.goto('/signup');
        // Found by its field name: its label is in the page's language too.
        await expect(page.locator('select[name="countryCode"] option:checked')).toHaveText(country);
      });
    });
  }

  test('lists the countries by name as "name (code)"', async ({ page }) => {
    await page.goto('/signup');
    const labels = await signUpFields(page).country.locator('option').allTextContents();
    expect(labels.length).toBeGreaterThan(10);
    for (const label of labels) expect(label).toMatch(/^[^()]+ \(\+\d+\)$/);
    const names = labels.map((l) => l.replace(/ \(\+\d+\)$/, ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(labels).toContain('Malaysia (+60)');
    expect(labels).toContain('USA (+1)');
    expect(labels.filter((l) => l.endsWith('(+44)'))).toEqual(['United Kingdom (+44)']);
  });

  test('shows what the server refuses', async ({ page, newUser: existing }) => {
    const f = signUpFields(page);
    // Each refusal is said once, in the error summary, and on its field; the screen's alert stays empty.

    await signUpThroughForm(page, unregisteredUser({ licenseId: existing.licenseId.toLowerCase() }));
    await expectProblem(page, 'License ID already registered');
    await expectFieldError(f.licenseId, 'License ID already registered');
    await expectNothingElseSaid(page);

    await signUpThroughForm(page, unregisteredUser({ email: existing.email }));
    await expectProblem(page, 'Email already registered');
    await expectFieldError(f.email, 'Email already registered');

    await signUpThroughForm(page, unregisteredUser({ password: 'Password1!' }));
    await expectProblem(page, 'Password too weak');
    await expectFieldError(f.password, 'Password too weak');
    await expect(heading(page, 'Create Account')).toBeVisible();
  });

  test('has two columns on a wide screen and one on a narrow one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/signup');
    const f = signUpFields(page);
    const wide = { username: await positionOf(f.username), email: await positionOf(f.email) };
    expect(wide.email.x).toBeGreaterThan(wide.username.x);
    expect(wide.email.y).toBe(wide.username.y);

    await page.setViewportSize({ width: 320, height: 800 });
    const narrow = { username: await positionOf(f.username), email: await positionOf(f.email) };
    expect(narrow.email.x).toBe(narrow.username.x);
    expect(narrow.email.y).toBeGreaterThan(narrow.username.y);
  });
});

test('no screen scrolls sideways at 320 px', async ({ page, newUser: user }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/login');
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
  await expectNoHorizontalScroll(page, '/login');
  await page.goto('/signup');
  await expect(heading(page, 'Create Account')).toBeVisible();
  await expectNoHorizontalScroll(page, '/signup');
  await signUpFields(page).submit.click();
  await expectFieldError(signUpFields(page).username, 'Username required');
  await expectNoHorizontalScroll(page, '/signup with errors');
  await signIn(page, user);
  await expectNoHorizontalScroll(page, '/dashboard');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expectNoHorizontalScroll(page, '/dashboard with the menu open');
});

test.describe('sign-in', () => {
  test('explains why it failed', async ({ page, newUser: user }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expectFieldError(page.getByLabel('License ID'), 'License ID required');
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'Password required');
    await expectProblem(page, 'License ID required');

    await submitSignIn(page, 'SEVA-NOBODY-HERE', user.password);
    await expectProblem(page, 'Invalid credentials');

    await submitSignIn(page, user.licenseId, 'Wrong-Cactus9!Lamp');
    await expectProblem(page, 'Invalid password');
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'Invalid password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('reads SIGNING IN while the request is under way', async ({ page, newUser: user }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route('**/api/auth/sign-in', async (route) => {
      requests += 1;
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await submitSignIn(page, user.licenseId, user.password);
    const busy = page.getByRole('button', { name: 'SIGNING IN' });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('status')).toHaveText('Signing in…');
    await expect(busy).toBeFocused();
    await page.keyboard.press('Enter');
    release();
    await expect(heading(page, 'My Dashboard')).toBeVisible();
    expect(requests, 'a second press while busy sends nothing').toBe(1);
  });
});

test('a user resets a forgotten password with the e-mailed link, once', async ({ page, newUser: user }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(heading(page, 'Reset your password')).toBeFocused();
  const email = page.getByLabel('Email');
  const send = page.getByRole('button', { name: 'SEND RESET LINK' });

  await send.click();
  await expectFieldError(email, 'Please enter your email');
  await email.fill('nobody-at-all@example.com');
  await send.click();
  await expectProblem(page, 'No account found with this email');

  await email.fill(user.email);
  await send.click();
  await expect(heading(page, 'Check your e-mail')).toBeFocused();
  await expect(page.getByRole('status')).toContainText(`We sent a password reset link to ${user.email}`);
  await page.getByRole('link', { name: 'BACK TO LOGIN' }).click();
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();

  const link = await linkFromMail(user.email, 'reset-password');
  await page.goto(link);
  await expect(heading(page, 'Choose a new password')).toBeFocused();
  // After a reset the glasses are unpaired too unless the user says no.
  await expect(page.getByRole('checkbox', { name: /^Unpair all my glasses too/ })).toBeChecked();
  const newPassword = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  const save = page.getByRole('button', { name: 'Save new password' });
  await newPassword.fill('Password1!');
  await confirm.fill('Password1!');
  await save.click();
  await expectProblem(page, 'Password too weak');
  await expectFieldError(newPassword, 'Password too weak');

  const chosen = 'Green-Kettle7#Moss';
  await newPassword.fill(chosen);
  await confirm.fill(chosen);
  await save.click();
  await expect(heading(page, 'Password changed')).toBeFocused();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. You can now sign in.');

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await submitSignIn(page, user.licenseId, user.password);
  await expectProblem(page, 'Invalid password');
  await submitSignIn(page, user.licenseId, chosen);
  await expect(heading(page, 'My Dashboard')).toBeVisible();

  // Opened again, the used link says so at once, before any password is typed.
  await page.goto(link);
  await expect(heading(page, 'This link cannot be used')).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has already been used.');
  await expect(newPassword).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
  await expect(heading(page, 'Reset your password')).toBeFocused();
});
