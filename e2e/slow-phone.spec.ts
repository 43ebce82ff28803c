import type { Page } from '@playwright/test';
import { screens } from '../apps/web/src/lib/screens.ts';
import { unregisteredUser } from '../test-kit/test-user.ts';
import { appHasTakenOver, consoleErrors, holdScripts, slowPhone } from './support/before-the-app.ts';
import { expect, test } from './support/fixtures.ts';
import { errorSummary } from './support/error-summary.ts';
import { tabTo } from './support/keyboard.ts';
import { fillSignUpForm } from './support/signup-form.ts';

/**
 * Issue #33: a blind user on a slow phone acts the moment a page speaks, which is long before the app's script has
 * run. Every page the server sends drawn (prerendered) is used here as they meet it: the CPU 6 times slower and slow
 * 4G, every script held back until the user has acted, then let through. Nothing they did may be lost.
 */
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

/** An e-mailed link's screen is opened with a token (here one that is not valid: the app then says so). */
const address = (screen: (typeof screens)[number]) => ('linkToken' in screen && screen.linkToken ? `${screen.path}?token=not-a-token` : screen.path);
const prerendered = screens.filter((screen) => 'prerendered' in screen && screen.prerendered);
/** /helper/choose is for a signed-in helper: anyone else is sent to sign in as one, so it is not used as it was drawn. */
const SIGNED_OUT = prerendered.filter((screen) => screen.audience !== 'signed-in' && screen.path !== '/helper/choose').map(address);
const SIGNED_IN = prerendered.filter((screen) => screen.audience === 'signed-in').map(address);

const hindiOption = (page: Page) => page.getByRole('contentinfo').getByRole('button', { name: 'हिन्दी (Hindi)' });

/** Marks the element with focus, to find it again once the app has taken the page over. */
const markFocus = (page: Page) => page.evaluate(() => document.activeElement?.setAttribute('data-focused-before-app', ''));

/**
 * On `path`, before any script: Tab through the page to its last control (the footer's 'हिन्दी (Hindi)') and press
 * it; the server shows the same address in Hindi. Tab there again, and let the app run: focus is where the user left
 * it, the page did not scroll, and it is in Hindi still.
 */
async function chooseHindiBeforeTheApp(page: Page, path: string): Promise<void> {
  const errors = consoleErrors(page);
  await slowPhone(page);
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('h1')).toBeVisible();
  await tabTo(page, hindiOption(page), { maxPresses: 40 });
  await page.keyboard.press('Enter');

  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  await expect(hindiOption(page)).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, hindiOption(page), { maxPresses: 40 });
  await markFocus(page);
  const scrolled = await page.evaluate(() => window.scrollY);

  release();
  await appHasTakenOver(page);
  await expect(page.locator('[data-focused-before-app]')).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(hindiOption(page)).toHaveAttribute('aria-pressed', 'true');
  // A refusal the page expects (not signed in, a link that is not valid) is logged by the browser, and is no fault.
  expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
}

for (const path of SIGNED_OUT) {
  test(`${path}: the language chosen and Tab pressed before the app runs are kept`, async ({ page }) => {
    await chooseHindiBeforeTheApp(page, path);
  });
}

for (const path of SIGNED_IN) {
  test(`${path}, signed in: the language chosen and Tab pressed before the app runs are kept`, async ({ signedInPage: page }) => {
    await chooseHindiBeforeTheApp(page, path);
  });
}

test("a wearer who chooses Hindi on /profile before the app runs keeps it on every later screen, and on the account", async ({ signedInPage: page, newUser: user, portal }) => {
  await chooseHindiBeforeTheApp(page, '/profile');
  await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'होम' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'मेरा डैशबोर्ड' })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  // Another browser: the sign-in takes the account's language.
  const elsewhere = await portal.send('POST', '/api/auth/sign-in', { licenseId: user.licenseId, password: user.password });
  expect([elsewhere.headers['set-cookie'] ?? []].flat()).toContainEqual(expect.stringMatching(/^seva_locale=hi;/));
});

/** Every field of a form typed and the form sent before the app runs; then the app runs, and does what was asked. */
test.describe('a form sent before the app runs is sent once it does', () => {
  test('/login signs in', async ({ page, newUser: user }) => {
    await slowPhone(page);
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('License ID').pressSequentially(user.licenseId);
    await page.getByLabel('Password', { exact: true }).pressSequentially(user.password);
    await page.getByRole('button', { name: 'Show' }).press('Enter');
    await page.getByRole('button', { name: 'SIGN IN' }).press('Enter');
    await expect(page.locator('#early-status')).toHaveText('The page is still loading. What you pressed will be done as soon as it is ready.');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeFocused({ timeout: 60_000 });
    await expect(page.locator('#early-status')).toBeEmpty();
  });

  test('/signup creates the account', async ({ page }) => {
    await slowPhone(page);
    const release = await holdScripts(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    const user = unregisteredUser();
    await fillSignUpForm(page, user);
    await page.keyboard.press('Enter');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Verification Sent' })).toBeFocused({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'We sent a verification link' })).toContainText(user.email);
  });

  for (const path of ['/forgot-password', '/helper/forgot-password']) {
    test(`${path} asks for the link`, async ({ page, newUser: user }) => {
      await slowPhone(page);
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await page.getByLabel('Email').pressSequentially(user.email);
      await page.keyboard.press('Enter');
      release();
      await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeFocused({ timeout: 60_000 });
    });
  }

  test('/helper/sign-in tries the sign-in, and says why it failed', async ({ page }) => {
    await slowPhone(page);
    const release = await holdScripts(page);
    await page.goto('/helper/sign-in', { waitUntil: 'commit' });
    await page.getByLabel('Email').pressSequentially('nobody.helps@example.com');
    await page.getByLabel('Password', { exact: true }).pressSequentially('Not-the-password-1');
    await page.keyboard.press('Enter');
    release();
    await expect(errorSummary(page)).toContainText('Invalid credentials', { timeout: 60_000 });
    await expect(errorSummary(page)).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveValue('nobody.helps@example.com');
  });
});

test("'Sign Out' pressed before the app runs signs out once it does", async ({ signedInPage: page }) => {
  await slowPhone(page);
  const release = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Sign Out' }).press('Enter');
  await expect(page.locator('#early-status')).not.toBeEmpty();
  release();
  await expect(page).toHaveURL(/\/login$/, { timeout: 60_000 });
});
