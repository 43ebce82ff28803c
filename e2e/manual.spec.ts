import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { tabTo } from './support/keyboard.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/fixtures.ts';
import { openDashboard } from './support/sign-in.ts';

// /manual, the Knowledge Base (SPEC §2, §4, §8), against the real server and the sample manual it seeds on first start.
test.describe.configure({ mode: 'parallel' });

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'KNOWLEDGE BASE' });
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const pageStatus = (page: Page) => page.getByRole('navigation', { name: 'Manual pages' }).getByRole('status');
const textLayer = (page: Page) => page.locator('.react-pdf__Page .textLayer');
const pageCanvas = (page: Page) => page.locator('.react-pdf__Page canvas');

/** Opens /manual through the navigation, as a user would. */
async function openManual(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge Base' }).click();
  await expect(heading(page)).toBeFocused();
}

/** The page's canvas has been drawn on: some pixels are not white. */
async function expectCanvasDrawn(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        pageCanvas(page).evaluate((canvas: HTMLCanvasElement) => {
          const context = canvas.getContext('2d');
          if (!context || canvas.width === 0) return 0;
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark += 1;
          return dark;
        }),
      { message: 'the page is drawn' },
    )
    .toBeGreaterThan(100);
}

test('shows the seeded sample manual as a PDF whose text a screen reader can read', async ({ signedInPage: page }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  await openDashboard(page);
  await openManual(page);
  await expect(page.getByText('Access the latest SEVA user manual', { exact: true })).toBeVisible();

  await expect(textLayer(page)).toContainText('SEVA User Manual');
  await expect(page.getByRole('main').getByText('SEVA User Manual', { exact: true })).toBeVisible();
  await expect(pageStatus(page)).toHaveText(/^Page 1 of \d+$/);
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'LOADING USER MANUAL' })).toHaveCount(0);
  await expectCanvasDrawn(page);

  // Fitted to the width of the viewer.
  const frame = await page.locator('.pdf-frame').boundingBox();
  const pdfPage = await page.locator('.react-pdf__Page').boundingBox();
  expect(Math.abs(frame!.width - 4 - pdfPage!.width), 'page width matches the frame').toBeLessThanOrEqual(1);

  // pdf.js ran its worker from our own origin, under our Content-Security-Policy.
  expect(workers.some((url) => url.startsWith(new URL(page.url()).origin) && /pdf\.worker/.test(url)), workers.join(', ')).toBe(true);
  expect(cspViolations).toEqual([]);
});

test('says LOADING USER MANUAL until the manual arrives', async ({ signedInPage: page }) => {
  await openDashboard(page);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/manuals/latest', async (route) => {
    await released;
    await route.continue();
  });
  await openManual(page);
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'LOADING USER MANUAL' })).toHaveText('LOADING USER MANUAL');
  release();
  await expect(textLayer(page)).toContainText('SEVA User Manual');
  await expect(page.getByText('LOADING USER MANUAL')).toHaveCount(0);
});

test('pages through the manual with the keyboard', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openManual(page);
  await expect(pageStatus(page)).toHaveText(/^Page 1 of \d+$/);
  const pageCount = Number((await pageStatus(page).textContent())!.match(/of (\d+)/)![1]);
  expect(pageCount, 'the sample manual has several pages').toBeGreaterThan(1);

  const previous = page.getByRole('button', { name: 'Previous page' });
  const next = page.getByRole('button', { name: 'Next page' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');

  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(pageStatus(page)).toHaveText(`Page 2 of ${pageCount}`);
  await expect(textLayer(page)).toContainText(`page 2 of ${pageCount}`);
  await expect(next).toBeFocused();

  // To the last page; there Next stays put and keeps focus.
  for (let n = 3; n <= pageCount; n += 1) {
    await page.keyboard.press('Space');
    await expect(pageStatus(page)).toHaveText(`Page ${n} of ${pageCount}`);
  }
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(pageStatus(page)).toHaveText(`Page ${pageCount} of ${pageCount}`);
  await expect(next).toBeFocused();
  await expect(textLayer(page)).toContainText(`page ${pageCount} of ${pageCount}`);

  await tabTo(page, previous, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(pageStatus(page)).toHaveText(`Page ${pageCount - 1} of ${pageCount}`);
  await expect(previous).toBeFocused();
  await expectCanvasDrawn(page);
});

test('the download link serves the manual as a PDF file', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openManual(page);
  const link = page.getByRole('link', { name: 'Download the manual (PDF)' });
  await expect(link).toHaveAttribute('href', /^\/api\/manuals\/[^/]+\/file\?download=1$/);
  const response = await page.request.get((await link.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
  expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});

for (const message of ['No user manuals found.', 'No valid user manual found.']) {
  test(`says '${message}' when the server finds no manual to show`, async ({ signedInPage: page }) => {
    await openDashboard(page);
    await page.route('**/api/manuals/latest', (route) => route.fulfill({ status: 404, json: { message } }));
    await openManual(page);
    await expect(alert(page)).toHaveText(message);
    await expect(page.getByRole('link', { name: 'Download the manual (PDF)' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByText('LOADING USER MANUAL')).toHaveCount(0);
  });
}

test("says 'Failed to load user manuals: …' when the server fails, and recovers on Try again", async ({ signedInPage: page }) => {
  await openDashboard(page);
  let failing = true;
  await page.route('**/api/manuals/latest', (route) =>
    failing ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }) : route.continue(),
  );
  await openManual(page);
  await expect(alert(page)).toHaveText('Failed to load user manuals: Something went wrong on our side. Please try again.');

  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(textLayer(page)).toContainText('SEVA User Manual');
  await expect(page.getByText(/^Failed to load user manuals/)).toHaveCount(0);
});

test("says 'Failed to load user manuals: …' when the file is not a readable PDF", async ({ signedInPage: page }) => {
  await openDashboard(page);
  await page.route('**/api/manuals/*/file', (route) => route.fulfill({ status: 200, contentType: 'application/pdf', body: '%PDF-1.7\nnot really a PDF' }));
  await openManual(page);
  await expect(alert(page)).toHaveText(/^Failed to load user manuals: .+/);
  await expect(page.getByText('LOADING USER MANUAL')).toHaveCount(0);
});

test('has no axe violations once the manual is shown, and reflows at 320 px', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openManual(page);
  await expect(textLayer(page)).toContainText('SEVA User Manual');
  await expectCanvasDrawn(page);
  await expectNoAxeViolations(page, '/manual');

  await page.setViewportSize({ width: 320, height: 640 });
  await expect(async () => {
    const frame = await page.locator('.pdf-frame').boundingBox();
    const pdfPage = await page.locator('.react-pdf__Page').boundingBox();
    expect(Math.abs(frame!.width - 4 - pdfPage!.width)).toBeLessThanOrEqual(1);
  }).toPass();
  await expectNoHorizontalScroll(page, '/manual at 320 px');
  await expect(textLayer(page)).toContainText('SEVA User Manual');
});
