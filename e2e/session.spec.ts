import type { Page } from '@playwright/test';
import { expectFocusedResult } from './support/action-result.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { linkFromMail } from './support/outbox.ts';
import { fillSignUpForm, signUpFields } from './support/signup-form.ts';
import { openDashboard, signIn } from './support/sign-in.ts';
import { unregisteredUser, type TestUser } from '../test-kit/test-user.ts';

// Users keep their place (issue #9): sign-in returns to the page asked for; an ended session keeps the edit and
// resumes after signing in; sign-out is confirmed; the reset view has its own address; the sign-up countdown counts
// and can be stopped; a verification link opened again says the e-mail is verified.
test.describe.configure({ mode: 'parallel' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const mainStatus = (page: Page) => page.getByRole('main').getByRole('status');
const ENDED_BANNER = 'Your session has ended, so this was not saved. What you entered is kept on this device: sign in again to carry on.';
const ENDED_NOTICE = 'Your session has ended. Sign in again to go back to where you were; what you had entered is kept.';

async function signInHere(page: Page, user: Pick<TestUser, 'licenseId' | 'password'>): Promise<void> {
  await page.getByLabel('License ID').fill(user.licenseId);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}

test('opening /sos signed out, then signing in, lands on /sos', async ({ page, newUser: user }) => {
  await page.goto('/sos');
  await expect(page.getByRole('alert')).toHaveText('You must be logged in to manage emergency contacts.');
  await page.waitForURL('**/login');
  await expect(page.getByRole('status')).toHaveText('Please sign in to continue.');
  await expectNoAxeViolations(page, '/login after a deep link');
  await signInHere(page, user);
  await expect(page).toHaveURL(/\/sos$/);
  await expect(heading(page, 'Emergency Contacts')).toBeVisible();
});

test('a deep link survives a trip to the reset view, which has its own address', async ({ page, newUser: user }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(heading(page, 'Reset your password')).toBeFocused();
  await page.goBack();
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
  await page.goForward();
  await expect(heading(page, 'Reset your password')).toBeVisible();
  await page.getByRole('link', { name: 'BACK TO LOGIN' }).click();
  await signInHere(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(heading(page, 'User Profile')).toBeVisible();
});

test('a session that ends while editing contacts keeps the edit, says why, and resumes after signing in', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Emergency Setup', exact: true }).click();
  const name = page.getByRole('textbox', { name: 'Primary contact full name' });
  const phone = page.getByRole('textbox', { name: 'Primary contact phone number' });
  await name.fill('Asha Rao');
  await phone.fill('(202) 555-0188');

  // The session ends (cookies cleared, as when it expires); the user presses Save.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Save Contacts' }).click();
  const banner = page.getByRole('main').getByRole('alert').filter({ hasText: 'Your session has ended' });
  await expect(banner).toHaveText(`${ENDED_BANNER}Sign in again`);
  await expect(banner).toBeFocused();
  await expect(name).toHaveValue('Asha Rao');
  await expect(phone).toHaveValue('(202) 555-0188');
  await expectNoAxeViolations(page, '/sos after the session ended');

  await banner.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText(ENDED_NOTICE);
  await expectNoAxeViolations(page, '/login after the session ended');
  await signInHere(page, user);

  await expect(page).toHaveURL(/\/sos$/);
  await expect(mainStatus(page)).toHaveText('Your unsaved changes are back. Check them, then press Save Contacts.');
  await expect(name).toHaveValue('Asha Rao');
  await expect(phone).toHaveValue('(202) 555-0188');
  await page.getByRole('button', { name: 'Save Contacts' }).click();
  await expectFocusedResult(page.getByRole('main'), 'Emergency contacts saved successfully');
  await expect(page.getByRole('region', { name: 'Primary Contact' }).getByRole('definition')).toHaveText(['Asha Rao', '+1 202 555 0188']);

  // Saved, the kept edit is gone: the page opens on the saved contacts.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Edit Contacts' })).toBeVisible();
});

test('a profile edit whose session was ended on the server is kept and saved after signing in again', async ({ signedInPage: page, newUser: user, playwright, baseURL }) => {
  await openDashboard(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('button', { name: 'Edit username', exact: true }).click();
  const input = page.getByLabel('New username');
  await input.fill('Robin Hood');

  // The session is ended on the server (signed out from elsewhere); the browser still holds its cookie.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const elsewhere = await playwright.request.newContext({ baseURL });
  expect((await elsewhere.post('/api/auth/sign-out', { headers: { cookie } })).status()).toBe(204);
  await elsewhere.dispose();
  expect(await page.context().cookies()).not.toEqual([]);
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Your session has ended' })).toBeFocused();
  await expect(input).toHaveValue('Robin Hood');

  await page.getByRole('button', { name: 'Sign in again' }).click();
  await signInHere(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(mainStatus(page)).toHaveText('Your unsaved change is back. Check it, then save.');
  await expect(page.getByLabel('New username')).toHaveValue('Robin Hood');
  await page.getByRole('button', { name: 'Save username' }).click();
  await expectFocusedResult(page.getByRole('main'), 'Username updated successfully.');
});

test("'Sign Out' is in the navigation's menu, and /login confirms it", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openDashboard(page);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test("'Verification Sent' counts down, and 'Stay on this page' stops it", async ({ page }) => {
  // The page's clock stands still but when the test moves it, so each second of the countdown is seen.
  await page.clock.install();
  const user = unregisteredUser();
  await page.goto('/signup');
  await fillSignUpForm(page, user);
  await page.clock.pauseAt(Date.now() + 60_000);
  await signUpFields(page).submit.click();
  const sent = heading(page, 'Verification Sent');
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return sent.isVisible();
    })
    .toBe(true);
  await expect(sent).toBeFocused();
  await expect(page.getByText('Going to sign in in 5 seconds.')).toBeVisible();
  await page.clock.runFor(1000);
  await expect(page.getByText('Going to sign in in 4 seconds.')).toBeVisible();
  await page.clock.runFor(1000);
  await expect(page.getByText('Going to sign in in 3 seconds.')).toBeVisible();
  await page.clock.runFor(1000);
  await expect(page.getByText('Going to sign in in 2 seconds.')).toBeVisible();

  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByRole('status')).toHaveText(`We sent a verification link to ${user.email}. You will stay on this page.`);
  await expect(page.getByRole('link', { name: 'Sign in now' })).toBeFocused();
  for (let second = 0; second < 5; second += 1) await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/signup$/);
  await expect(heading(page, 'Verification Sent')).toBeVisible();
  // axe waits on timers of its own: time runs again, and nothing moves the user on.
  await page.clock.resume();
  await expectNoAxeViolations(page, 'Verification Sent, staying');
  await expect(page).toHaveURL(/\/signup$/);
});

test('a verification link opened again says the e-mail is already verified', async ({ page }) => {
  const user = unregisteredUser();
  expect((await page.request.post('/api/auth/sign-up', { data: { ...user, confirmPassword: user.password } })).status()).toBe(201);
  const link = await linkFromMail(user.email, 'verify-email');
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Your e-mail is verified. You can now sign in.');
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Your e-mail is already verified. You can sign in.');
  await expect(page.getByRole('alert')).toBeHidden();
  await expectNoAxeViolations(page, '/verify-email opened again');
});

test('an address that is no page keeps the header and navigation', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await page.goto('/no-such-page');
  await expect(heading(page, 'Page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · SEVA portal');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Emergency Setup', exact: true })).toBeVisible();
  await expect(page.getByText('Current: Page not found', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '404 signed in');
  await nav.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(heading(page, 'User Profile')).toBeFocused();

  await page.context().clearCookies();
  await page.goto('/no-such-page');
  await expect(heading(page, 'Page not found')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('SEVA');
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  await expectNoAxeViolations(page, '404 signed out');
});

test('a signed-in page opened directly logs no router warning', async ({ signedInPage: page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/sos');
  await expect(heading(page, 'Emergency Contacts')).toBeVisible();
  await page.goto('/profile');
  await expect(heading(page, 'User Profile')).toBeVisible();
  expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
});

test.describe('a default install opened at the address its log prints', () => {
  // PUBLIC_URL is unset for the e2e server, as after `npm start`: 127.0.0.1 is the portal's own origin too.
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}` });
  test('signs in at http://127.0.0.1', async ({ page, newUser: user }) => {
    await signIn(page, user);
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  });
});
