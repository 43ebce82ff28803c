import type { Page } from '@playwright/test';
import { admin } from './support/admin-cli.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { decodeQrPng } from './support/qr-code.ts';
import { tabTo } from './support/keyboard.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/fixtures.ts';
import { openDashboard } from './support/sign-in.ts';

// /updates (product §2, §3, §4, §8, §9): the eight features in a carousel, with links set by the operator command line.
test.describe.configure({ mode: 'parallel' });

const DESCRIBE_LINK = 'https://example.com/describe.apk';
const READ_LINK = 'https://example.com/read-for-me.apk';
const MAGNIFY_LINK = 'https://example.com/magnify.apk';
/** product §3, in carousel order. */
const NAMES = ['Describe Scene', 'Navigate', 'Find Object', 'Recognise Face', 'Read For Me', 'Talk To Me', 'Play Music', 'Magnify'];

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Scan QR codes to install or update the SEVA features' });
const carousel = (page: Page) => page.getByRole('region', { name: 'SEVA features' });
const slide = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');
const cardName = (page: Page) => slide(page).getByRole('heading', { level: 2 });
/** Feature n's dot (1-based); its name goes on with the feature's state once it is known. */
const dot = (page: Page, n: number) => carousel(page).getByRole('button', { name: new RegExp(`^Show feature ${n}: ${NAMES[n - 1]}(, .+)?$`) });
const summary = (page: Page) => page.getByRole('region', { name: 'Available now' });
const announcement = (page: Page) => carousel(page).locator('[aria-live="polite"]');
const previous = (page: Page) => carousel(page).getByRole('button', { name: 'Previous feature' });
const next = (page: Page) => carousel(page).getByRole('button', { name: 'Next feature' });
const qrImage = (page: Page, name: string) => slide(page).getByRole('img', { name: `QR code to install or update ${name}` });

/**
 * The browser's time zone: one whose date is not UTC's at the time of the run (Honolulu is 10 h behind UTC, Kiritimati
 * 14 h ahead), so a page that wrote the UTC date instead of the user's fails here on any machine.
 */
const ZONE = new Date().getUTCHours() < 10 ? 'Pacific/Honolulu' : 'Pacific/Kiritimati';
test.use({ timezoneId: ZONE });

/** product §2's 'Last checked: …', for today where the user is, written the British way as every date in the portal. */
const today = () => `Last checked: ${new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, dateStyle: 'long' }).format(new Date())}`;

async function openUpdates(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Updates', exact: true }).click();
  await expect(heading(page)).toBeFocused();
}

/**
 * /updates as the first screen of a visit: the dashboard reads the same feature list (one cache entry), so a list
 * that has not arrived yet, or cannot, is seen only where /updates makes the first read.
 */
async function openFirst(page: Page): Promise<void> {
  await page.goto('/updates');
  await expect(heading(page)).toBeVisible();
}

/** The slide shown is feature `n` (1-based): its label, its card and its dot say so. */
async function expectSlide(page: Page, n: number): Promise<void> {
  await expect(slide(page)).toHaveAttribute('aria-label', `${n} of 8`);
  await expect(cardName(page)).toHaveText(NAMES[n - 1]!);
  await expect(dot(page, n)).toHaveAttribute('aria-current', 'true');
  await expect(carousel(page).locator('[aria-current]')).toHaveCount(1);
}

/** The text a QR code on screen holds, read from a screenshot of it the way a scanner would. */
async function scanQr(page: Page, name: string): Promise<string | undefined> {
  return decodeQrPng(await qrImage(page, name).screenshot());
}

test.beforeAll(() => {
  expect(admin('feature', 'set', 'describe_scene', DESCRIBE_LINK)).toContain(`Set the download link of Describe Scene (describe_scene) to ${DESCRIBE_LINK}`);
  admin('feature', 'set', 'read_for_me', READ_LINK);
  admin('feature', 'set', 'magnify', MAGNIFY_LINK);
  admin('feature', 'clear', 'navigate');
});

test('shows a QR code that holds the download link of a feature, and when the list was checked', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openUpdates(page);
  await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'carousel');
  await expectSlide(page, 1);
  await expect(slide(page).getByText('AI-powered scene description', { exact: true })).toBeVisible();

  const qr = qrImage(page, 'Describe Scene');
  await expect(qr).toBeVisible();
  await expect(slide(page).getByText('Scan to install/update', { exact: true })).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([320, 320]);
  expect(await scanQr(page, 'Describe Scene')).toBe(JSON.stringify({ version: '1.0', link: DESCRIBE_LINK }));
  expect(JSON.parse((await scanQr(page, 'Describe Scene'))!)).toEqual({ version: '1.0', link: DESCRIBE_LINK });

  await expect(page.getByText(/^Last checked: /)).toHaveText(today());
});

test("a feature without a link says 'Not available yet' and shows no QR code", async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openUpdates(page);
  await next(page).click();
  await expectSlide(page, 2);
  await expect(slide(page).getByText('Indoor navigation with obstacle detection', { exact: true })).toBeVisible();
  await expect(slide(page).getByText('Not available yet', { exact: true })).toBeVisible();
  await expect(slide(page).getByRole('img')).toHaveCount(0);
  await expect(slide(page).getByText('Scan to install/update')).toHaveCount(0);
});

test("says 'Loading feature data...' until the list arrives", async ({ signedInPage: page }) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/features', async (route) => {
    await released;
    await route.continue();
  });
  await openFirst(page);
  await expect(slide(page).getByText('Loading feature data...', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Last checked: /)).toHaveCount(0);
  release();
  await expect(qrImage(page, 'Describe Scene')).toBeVisible();
  await expect(slide(page).getByText('Loading feature data...')).toHaveCount(0);
  await expect(page.getByText(/^Last checked: /)).toHaveText(today());
});

test('the carousel wraps around both ways, and its dots choose a feature', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openUpdates(page);
  await expectSlide(page, 1);

  await previous(page).click();
  await expectSlide(page, 8);
  await expect(announcement(page)).toHaveText('8 of 8: Magnify');
  await next(page).click();
  await expectSlide(page, 1);
  await expect(announcement(page)).toHaveText('1 of 8: Describe Scene');

  for (let n = 2; n <= 8; n += 1) {
    await next(page).click();
    await expectSlide(page, n);
    await expect(announcement(page)).toHaveText(`${n} of 8: ${NAMES[n - 1]}`);
  }
  await next(page).click();
  await expectSlide(page, 1);

  await expect(carousel(page).getByRole('button', { name: /^Show feature \d: / })).toHaveCount(8);
  await dot(page, 5).click();
  await expectSlide(page, 5);
  await expect(announcement(page)).toHaveText('5 of 8: Read For Me');
  await expect(slide(page).getByText('Text recognition and reading', { exact: true })).toBeVisible();
});

test('the carousel works with the keyboard alone', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openUpdates(page);
  await expect(qrImage(page, 'Describe Scene')).toBeVisible();

  await tabTo(page, previous(page));
  await page.keyboard.press('Enter');
  await expectSlide(page, 8);
  await expect(previous(page)).toBeFocused();

  await tabTo(page, next(page));
  await page.keyboard.press('Enter');
  await expectSlide(page, 1);
  await page.keyboard.press('Space');
  await expectSlide(page, 2);
  await expect(next(page)).toBeFocused();

  // The dots: Enter picks one; the arrow keys move to the neighbour, wrapping, and focus follows.
  await tabTo(page, dot(page, 4));
  await page.keyboard.press('Enter');
  await expectSlide(page, 4);
  await page.keyboard.press('ArrowRight');
  await expectSlide(page, 5);
  await expect(dot(page, 5)).toBeFocused();
  await dot(page, 1).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await expectSlide(page, 8);
  await expect(dot(page, 8)).toBeFocused();
  await expect(announcement(page)).toHaveText('8 of 8: Magnify');
});

test('says above the carousel which features can be installed or updated, and leads to each', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openUpdates(page);
  // The carousel opens on its first feature; the summary above it says what else there is, so no card is missed.
  await expect(summary(page)).toContainText('3 features have an install or update available:');
  await expect(summary(page).getByRole('link')).toHaveText(['Describe Scene', 'Read For Me', 'Magnify']);
  await expectNoAxeViolations(page, '/updates with the summary');

  // Each dot says its feature's state too.
  const dotNames = await carousel(page).getByRole('button', { name: /^Show feature \d: / }).evaluateAll((dots) => dots.map((d) => d.getAttribute('aria-label')));
  expect(dotNames).toEqual([
    'Show feature 1: Describe Scene, install or update available',
    'Show feature 2: Navigate, not available yet',
    'Show feature 3: Find Object, not available yet',
    'Show feature 4: Recognise Face, not available yet',
    'Show feature 5: Read For Me, install or update available',
    'Show feature 6: Talk To Me, not available yet',
    'Show feature 7: Play Music, not available yet',
    'Show feature 8: Magnify, install or update available',
  ]);

  // From the keyboard: the link turns the carousel to that card and puts focus on its name.
  await tabTo(page, summary(page).getByRole('link', { name: 'Magnify' }));
  await page.keyboard.press('Enter');
  await expectSlide(page, 8);
  await expect(cardName(page)).toBeFocused();
  await expect(qrImage(page, 'Magnify')).toBeVisible();
  expect(await scanQr(page, 'Magnify')).toBe(JSON.stringify({ version: '1.0', link: MAGNIFY_LINK }));
  // The same link, as text, for whoever cannot scan the code.
  await expect(slide(page).getByRole('link', { name: MAGNIFY_LINK })).toHaveAttribute('href', MAGNIFY_LINK);
  await expectNoAxeViolations(page, '/updates, Magnify shown from the summary');

  await summary(page).getByRole('link', { name: 'Read For Me' }).click();
  await expectSlide(page, 5);
  await expect(cardName(page)).toBeFocused();
  await expect(slide(page).getByRole('link', { name: READ_LINK })).toBeVisible();

  // A feature without a link offers none.
  await next(page).click();
  await expectSlide(page, 6);
  await expect(slide(page).getByRole('link')).toHaveCount(0);
});

test("says 'Error generating QR code' when a link cannot be made into a QR code", async ({ signedInPage: page }) => {
  // The server refuses links over 500 characters; one older or forged past that would not fit a level-H QR (1,273 bytes).
  const longLink = `https://example.com/${'a'.repeat(1500)}.apk`;
  await page.route('**/api/features', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.features[7].downloadUrl = longLink;
    await route.fulfill({ response, json: body });
  });
  await openDashboard(page);
  await openUpdates(page);
  await dot(page, 8).click();
  await expectSlide(page, 8);
  await expect(slide(page).getByText('Error generating QR code', { exact: true })).toBeVisible();
  await expect(slide(page).getByRole('img')).toHaveCount(0);
});

test('says why when the list cannot be loaded, and recovers on Try again', async ({ signedInPage: page }) => {
  let failing = true;
  await page.route('**/api/features', (route) =>
    failing ? route.fulfill({ status: 503, json: { message: 'Something went wrong on our side. Please try again.' } }) : route.continue(),
  );
  await openFirst(page);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load feature data: Something went wrong on our side. Please try again.');
  await expect(slide(page).getByText('Loading feature data...')).toHaveCount(0);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(qrImage(page, 'Describe Scene')).toBeVisible();
  await expect(page.getByText(/^Failed to load feature data/)).toHaveCount(0);
});

test('has no axe violations, with a QR code and without, and reflows at 320 px', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openUpdates(page);
  await expect(qrImage(page, 'Describe Scene')).toBeVisible();
  await expectNoAxeViolations(page, '/updates with a QR code');
  await next(page).click();
  await expect(slide(page).getByText('Not available yet')).toBeVisible();
  await expectNoAxeViolations(page, '/updates without a link');

  await page.setViewportSize({ width: 320, height: 640 });
  await previous(page).click();
  await expect(qrImage(page, 'Describe Scene')).toBeVisible();
  await expectNoHorizontalScroll(page, '/updates at 320 px');
  expect(await scanQr(page, 'Describe Scene'), 'the QR code still scans when narrowed').toBe(JSON.stringify({ version: '1.0', link: DESCRIBE_LINK }));
});
