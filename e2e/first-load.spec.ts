import type { Page } from '@playwright/test';
import { consoleErrors, holdScripts } from './support/before-the-app.ts';
import { expect, test } from './support/fixtures.ts';
import { signUpFields } from './support/signup-form.ts';

test.describe.configure({ mode: 'parallel' });

/** Issue #14: every page a visitor who is not signed in can open (those prerendered since D-054 too: a hydration mismatch logs). */
const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/verify-email',
  '/reset-password',
  '/restore-account',
  '/helper/accept',
  '/helper/reset-password',
  '/helper/sign-in',
  '/helper/forgot-password',
  '/help',
  '/accessibility',
  '/no-such-page',
];

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Marks the page's h1 element; after the script has taken over, the mark is still there only if the element was kept. */
const markHeading = (page: Page) => page.locator('h1').evaluate((h1) => h1.setAttribute('data-before-script', ''));

test.describe('without the script', () => {
  test.use({ javaScriptEnabled: false });

  test('/login and /signup show their heading and form from the page the server sends', async ({ page }) => {
    await page.goto('/login');
    await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
    await expect(page.getByLabel('License ID')).toBeEditable();
    await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
    await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();

    await page.goto('/signup');
    await expect(heading(page, 'Create Account')).toBeVisible();
    await expect(signUpFields(page).username).toBeEditable();
    await expect(signUpFields(page).country).toHaveValue('+1');
    await expect(signUpFields(page).confirmPassword).toBeEditable();
    await expect(signUpFields(page).submit).toBeVisible();
  });
});

test.describe("an e-mailed link's screen without the script", () => {
  test.use({ javaScriptEnabled: false });

  test('shows its heading and that it is checking the link, from the page the server sends', async ({ page }) => {
    await page.goto('/verify-email?token=abc');
    await expect(heading(page, 'Verify your e-mail')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Verifying your e-mail…');
    await page.goto('/reset-password?token=abc');
    await expect(heading(page, 'Choose a new password')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Checking your link…');
    await page.goto('/helper/accept?token=abc');
    await expect(page.getByRole('status')).toHaveText('Checking your invitation…');
  });
});

test("an e-mailed link's screen opened without its token says the link is not valid, though the page was drawn with one", async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has already been used.');
  // The app's page replaced the one drawn with a token: one heading, no 'Verifying…' left behind.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText('Verifying your e-mail…')).toHaveCount(0);
});

test.describe('a signed-in screen without the script', () => {
  test.use({ javaScriptEnabled: false });

  test('shows a signed-in browser the navigation and the heading from the page the server sends', async ({ signedInPage: page }) => {
    await page.goto('/faces/add');
    await expect(heading(page, 'Face Registration')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Face Recognition' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Current: Face Recognition')).toBeVisible();
  });

  test('shows a browser that is not signed in none of it', async ({ page }) => {
    await page.goto('/faces/add');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('a signed-in screen keeps what the page showed while the app takes over, then shows the rest', async ({ signedInPage: page }) => {
  const errors = consoleErrors(page);
  const release = await holdScripts(page);
  await page.goto('/sos', { waitUntil: 'commit' });
  await expect(heading(page, 'Emergency Contacts')).toBeVisible();
  // What /sos says to everyone under its heading comes with the page: its largest text paints before any script (D-068).
  const introduction = page.getByText('Add contact information for people we should reach in case of an emergency.');
  await expect(introduction).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.evaluate((element) => element.setAttribute('data-before-script', ''));

  release();
  await expect(page).toHaveTitle('Emergency Contacts · SEVA portal');
  await expect(page.getByRole('button', { name: 'Save Contacts' })).toBeVisible();
  await expect(heading(page, 'Emergency Contacts')).toBeVisible();
  await expect(page.locator('nav[data-before-script]')).toBeVisible();
  await expect(introduction).toHaveCount(1);
  // The page's first heading leaves focus where the browser put it: 'Skip to main content' is the first Tab stop.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  expect(errors).toEqual([]);
});

test('on /login, what is typed before the script runs is kept, and the form then signs in', async ({ page, newUser: user }) => {
  const errors = consoleErrors(page);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
  await markHeading(page);
  await page.getByLabel('License ID').pressSequentially(user.licenseId);
  await page.getByLabel('Password', { exact: true }).pressSequentially(user.password);

  release();
  await expect(page).toHaveTitle('Sign in · SEVA portal');
  await expect(page.locator('h1[data-before-script]')).toHaveText('Sign in to SEVA');
  await expect(page.getByLabel('License ID')).toHaveValue(user.licenseId);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(user.password);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(heading(page, 'My Dashboard')).toBeFocused();
  expect(errors).toEqual([]);
});

test('on /login, Enter pressed before any script has arrived signs in once the app runs, saying it waits, never through the address', async ({ page, newUser: user }) => {
  const errors = consoleErrors(page);
  const release = await holdScripts(page);
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('License ID').fill(user.licenseId);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('SEVA portal');
  await expect(page.getByRole('status').filter({ hasText: 'The page is still loading' })).toHaveText('The page is still loading. What you pressed will be done as soon as it is ready.');

  release();
  await expect(heading(page, 'My Dashboard')).toBeVisible();
  await expect(page.locator('#early-status')).toBeEmpty();
  expect(addresses.filter((address) => address.includes(encodeURIComponent(user.password)) || address.includes(user.password))).toEqual([]);
  expect(errors).toEqual([]);
});

test('on /signup, what is typed before the script runs is kept', async ({ page }) => {
  const errors = consoleErrors(page);
  const release = await holdScripts(page);
  await page.goto('/signup', { waitUntil: 'commit' });
  const f = signUpFields(page);
  await expect(heading(page, 'Create Account')).toBeVisible();
  await markHeading(page);
  await f.username.pressSequentially('Robin Early');
  await f.email.pressSequentially('robin.early@example.com');

  release();
  await expect(page).toHaveTitle('Create Account · SEVA portal');
  await expect(page.locator('h1[data-before-script]')).toHaveText('Create Account');
  await expect(f.username).toHaveValue('Robin Early');
  await expect(f.email).toHaveValue('robin.early@example.com');
  await expect(f.email).toBeFocused();
  // The form has the typed values: submitting names only the fields still empty.
  await f.submit.click();
  await expect(f.username).not.toHaveAttribute('aria-invalid', 'true');
  await expect(f.email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(f.licenseId).toHaveAttribute('aria-invalid', 'true');
  expect(errors).toEqual([]);
});

for (const path of PUBLIC_PAGES) {
  test(`${path} logs no error in the console`, async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

test('a signed-in screen opened directly logs no error either', async ({ signedInPage: page }) => {
  const errors = consoleErrors(page);
  await page.goto('/dashboard');
  await expect(heading(page, 'My Dashboard')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('hashed scripts and styles are kept for a year; pages are revalidated and come back as 304 when unchanged', async ({ page }) => {
  for (const path of ['/login', '/signup', '/dashboard']) {
    const first = await page.request.get(path);
    expect(first.headers()['cache-control']).toBe('no-cache');
    const etag = first.headers().etag;
    expect(etag).toBeTruthy();
    expect((await page.request.get(path, { headers: { 'if-none-match': etag! } })).status()).toBe(304);
  }
  const html = await (await page.request.get('/login')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(2);
  for (const asset of assets) {
    const res = await page.request.get(asset);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});
