import { expect, test } from './support/fixtures.ts';
import { openDashboard } from './support/sign-in.ts';

test.describe.configure({ mode: 'parallel' });

/** product §2 and §4: every screen but /login and /signup needs a signed-in user; some first say why (2-3 s). */
const PROTECTED = [
  { path: '/dashboard' },
  { path: '/faces', notice: 'User not authenticated. Please log in first.' },
  { path: '/faces/add', notice: 'User not authenticated. Please log in.' },
  { path: '/faces/test', notice: 'User not authenticated. Please log in first.' },
  { path: '/sos' },
  { path: '/manual' },
  { path: '/updates' },
  { path: '/profile' },
] as const;
const REDIRECT_WAIT_MS = 6_000;

/** product §2: the shared navigation's entries in order, and the feature each names. */
const ENTRIES = [
  { name: 'Home', path: '/dashboard', heading: 'My Dashboard' },
  { name: 'Face Recognition', path: '/faces' },
  { name: 'Emergency Setup', path: '/sos' },
  { name: 'Knowledge Base', path: '/manual' },
  { name: 'Updates', path: '/updates' },
  { name: 'Profile', path: '/profile' },
] as const;

for (const route of PROTECTED) {
  test(`${route.path} leads a signed-out visitor to /login`, async ({ page }) => {
    await page.goto(route.path);
    if ('notice' in route) await expect(page.getByRole('alert')).toHaveText(route.notice);
    await page.waitForURL('**/login', { timeout: REDIRECT_WAIT_MS });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to SEVA' })).toBeVisible();
  });
}

test('/ goes to /login and leaves no history entry behind', async ({ page }) => {
  await page.goto('/signup');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to SEVA' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the shared navigation leads to every feature and says which one is current', async ({ signedInPage: page }) => {
  await openDashboard(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const logo = page.getByRole('link', { name: 'SEVA home' });
  await expect(logo).toHaveAttribute('href', '/dashboard');
  await expect(nav.getByRole('link')).toHaveText(ENTRIES.map((e) => e.name));

  // Home last: each click is then a route change.
  for (const entry of [...ENTRIES.slice(1), ENTRIES[0]]) {
    await nav.getByRole('link', { name: entry.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
    await expect(page.getByText(`Current: ${entry.name}`, { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: entry.name, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  }

  await page.goto('/faces/add');
  await expect(page.getByText('Current: Face Recognition', { exact: true })).toBeVisible();
  await logo.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Current: Home', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeFocused();
});

test('on a phone the navigation sits behind a menu toggle', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openDashboard(page);
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  const updates = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Updates', exact: true });

  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(updates).toBeHidden();
  await toggle.click();
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  for (const entry of ENTRIES) {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry.name, exact: true })).toBeVisible();
  }
  await close.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(updates).toBeHidden();

  await toggle.click();
  await updates.click();
  await expect(page).toHaveURL(/\/updates$/);
  await expect(page.getByText('Current: Updates', { exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('reports web vitals to the portal itself, which accepts them', async ({ page }) => {
  const report = page.waitForRequest((request) => request.url().endsWith('/api/vitals') && request.method() === 'POST');
  await page.goto('/login');
  const request = await report;
  expect(request.postDataJSON()).toMatchObject({ name: expect.stringMatching(/^(CLS|FCP|INP|LCP|TTFB)$/), path: '/login' });
  expect((await request.response())?.status()).toBe(204);
});
