import type { Page } from '@playwright/test';
import { axeViolations, expectNoAxeViolations } from './support/axe.ts';
import { expectFieldError } from './support/field-error.ts';
import { linkFromMail } from './support/outbox.ts';
import { signUpFields } from './support/signup-form.ts';
import { signUpBody, unregisteredUser } from '../test-kit/test-user.ts';
import { expect, test } from './support/fixtures.ts';
import { signIn } from './support/sign-in.ts';

test.describe.configure({ mode: 'parallel' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('/login passes axe in its sign-in, forgot-password and verification views', async ({ page }) => {
  const unverified = unregisteredUser();
  const signUp = await page.request.post('/api/auth/sign-up', { data: signUpBody(unverified) });
  expect(signUp.status()).toBe(201);

  await page.goto('/login');
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
  await expectNoAxeViolations(page, '/login');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expectFieldError(page.getByLabel('License ID'), 'License ID required');
  await expectNoAxeViolations(page, '/login with errors');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(heading(page, 'Reset your password')).toBeFocused();
  await expectNoAxeViolations(page, '/login, forgot password');
  await page.getByRole('button', { name: 'SEND RESET LINK' }).click();
  await expectFieldError(page.getByLabel('Email'), 'Please enter your email');
  await expectNoAxeViolations(page, '/login, forgot password with an error');
  await page.getByRole('link', { name: 'BACK TO LOGIN' }).click();

  await page.getByLabel('License ID').fill(unverified.licenseId);
  await page.getByLabel('Password', { exact: true }).fill(unverified.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(heading(page, 'Verification Required')).toBeFocused();
  await expectNoAxeViolations(page, '/login, verification required');
});

test('/signup passes axe, empty and showing its errors', async ({ page }) => {
  await page.goto('/signup');
  await expect(heading(page, 'Create Account')).toBeVisible();
  await expectNoAxeViolations(page, '/signup');
  await signUpFields(page).submit.click();
  await expectFieldError(signUpFields(page).username, 'Username required');
  await expectNoAxeViolations(page, '/signup with errors');
  await signUpFields(page).password.fill('Password1!');
  await signUpFields(page).confirmPassword.fill('Password1!');
  await signUpFields(page).email.fill('x@example.com');
  await signUpFields(page).submit.click();
  await expectNoAxeViolations(page, '/signup with other errors');
});

test('/dashboard passes axe, also with the profile menu open', async ({ page, newUser: user }) => {
  await signIn(page, user);
  await expect(heading(page, 'My Dashboard')).toBeFocused();
  await expectNoAxeViolations(page, '/dashboard');
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page, '/dashboard with the profile menu open');
});

test('/verify-email and /reset-password pass axe', async ({ page }) => {
  const user = unregisteredUser();
  const signUp = await page.request.post('/api/auth/sign-up', { data: signUpBody(user) });
  expect(signUp.status()).toBe(201);

  await page.goto(await linkFromMail(user.email, 'verify-email'));
  await expect(page.getByRole('status')).toHaveText('Your e-mail is verified. You can now sign in.');
  // Opened from an e-mail: focus starts on the heading, so a screen reader says where the user landed.
  await expect(heading(page, 'Verify your e-mail')).toBeFocused();
  await expectNoAxeViolations(page, '/verify-email');
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has already been used.');
  await expectNoAxeViolations(page, '/verify-email with a bad link');

  const reset = await page.request.post('/api/auth/request-password-reset', { data: { email: user.email } });
  expect(reset.status()).toBe(200);
  await page.goto(await linkFromMail(user.email, 'reset-password'));
  await expect(heading(page, 'Choose a new password')).toBeVisible();
  await expectNoAxeViolations(page, '/reset-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expectFieldError(page.getByLabel('New password', { exact: true }), 'Password required');
  await expectNoAxeViolations(page, '/reset-password with errors');
});

test('a route change puts focus on the new page heading', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(heading(page, 'Create Account')).toBeFocused();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(heading(page, 'Sign in to SEVA')).toBeFocused();
  await expect(page).toHaveTitle(/Sign in/);
});

test("the axe check runs WCAG 2.2's target-size rule, which axe-core ships switched off", async ({ page }) => {
  await page.setContent('<main><h1>Targets</h1><button style="width: 12px; height: 12px; padding: 0">A</button><button style="width: 12px; height: 12px; padding: 0">B</button></main>');
  expect(await axeViolations(page)).toContainEqual(expect.stringMatching(/^target-size: /));
});
