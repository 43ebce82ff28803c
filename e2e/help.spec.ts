import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { errorSummary, expectNothingElseSaid, expectProblem } from './support/error-summary.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';

test.describe.configure({ mode: 'parallel' });

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The footer every screen has: a contentinfo landmark with the three links, leading where they say. */
async function expectFooter(page: Page, label: string): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await expect(footer, `the footer on ${label}`).toHaveCount(1);
  await expect(footer.getByRole('link')).toHaveText(['Help', 'Accessibility statement', 'Contact support']);
  await expect(footer.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
  await expect(footer.getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute('href', '/accessibility');
  await expect(footer.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/help#contact-support');
}

test('every screen signed out has the footer: sign-in, sign-up, the helpers’ screens, a page that is not there, help', async ({ page }) => {
  for (const [path, heading] of [
    ['/login', 'Sign in to SEVA'],
    ['/signup', 'Create Account'],
    ['/forgot-password', 'Reset your password'],
    ['/helper/sign-in', 'Sign in as a helper'],
    ['/no-such-page', 'Page not found'],
    ['/help', 'Help'],
    ['/accessibility', 'Accessibility statement for the SEVA portal'],
  ] as const) {
    await page.goto(path);
    await expect(h1(page, heading)).toBeVisible();
    await expectFooter(page, path);
  }
});

test('every screen signed in has the footer, /pair and a page that is not there among them', async ({ signedInPage: page }) => {
  for (const [path, heading] of [
    ['/dashboard', 'My Dashboard'],
    ['/faces', 'Face Management Console'],
    ['/sos', 'Emergency Contacts'],
    ['/manual', 'KNOWLEDGE BASE'],
    ['/updates', 'Scan QR codes to install or update the SEVA features'],
    ['/profile', 'User Profile'],
    ['/pair', 'Pair your glasses'],
    ['/no-such-page', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(h1(page, heading)).toBeVisible();
    await expectFooter(page, path);
  }
  // /pair says how to make the glasses say a code, and leads to the help page's answer.
  await page.goto('/pair');
  await page.getByRole('link', { name: 'How to get a pairing code from your glasses' }).click();
  await expect(page).toHaveURL(/\/help#pairing-code$/);
  await expect(page.getByRole('heading', { level: 2, name: 'How do I get a pairing code from my glasses?' })).toBeFocused();
  // Signed in, help has the navigation a signed-in user has everywhere.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('/help and /accessibility pass axe and reflow at 320 px; Contact support leads to its section', async ({ page }) => {
  await page.goto('/help');
  await expect(h1(page, 'Help')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('How do I get a pairing code from my glasses?');
  await expect(page.getByRole('heading', { level: 2, name: 'What is a helper for?' })).toBeVisible();
  await expectNoAxeViolations(page, '/help');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact support' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Contact support' })).toBeFocused();
  // The e2e portal sets no SUPPORT_EMAIL or SUPPORT_PHONE: the section says whom to ask instead.
  await expect(page.getByRole('region', { name: 'Contact support' })).toContainText('This portal has no support contact set up.');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
  await expect(h1(page, 'Accessibility statement for the SEVA portal')).toBeFocused();
  await expect(page.getByRole('main')).toContainText('This portal is partially compliant with the Web Content Accessibility Guidelines version 2.2 AA standard');
  await expectNoAxeViolations(page, '/accessibility');

  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, '/accessibility');
  await page.goto('/help');
  await expect(h1(page, 'Help')).toBeVisible();
  await expectNoHorizontalScroll(page, '/help');
});

test("a failed submit puts focus on 'There is a problem', which links to each field and is said once", async ({ page }) => {
  await page.goto('/signup');
  await expect(h1(page, 'Create Account')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectProblem(page, 'Username required');
  await expectNothingElseSaid(page);
  await expectNoAxeViolations(page, '/signup with its error summary');
  await errorSummary(page).getByRole('link', { name: 'Email required' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
});

test('the mobile menu closes on Esc and when focus leaves it', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  await expect(h1(page, 'My Dashboard')).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const entries = page.getByRole('navigation', { name: 'Main' });
  await menu.click();
  await expect(entries.getByRole('link', { name: 'Home' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(entries.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(entries.getByRole('link', { name: 'Home' })).toBeHidden();
  await expect(menu).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  // Tab past the last entry ('Sign Out'): focus leaves the menu, which closes.
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
  await expect(entries.getByRole('link', { name: 'Home' })).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});
