import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { tabTo } from './support/keyboard.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/fixtures.ts';
import { openDashboard } from './support/sign-in.ts';

// /manual, the Knowledge Base (product §2, §4, §8), against the real server and the sample manual it seeds on first start.
test.describe.configure({ mode: 'parallel' });

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'KNOWLEDGE BASE' });
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const pageStatus = (page: Page) => page.getByRole('navigation', { name: 'Manual pages' }).getByRole('status');
const textLayer = (page: Page) => page.locator('.react-pdf__Page .textLayer');
const pageCanvas = (page: Page) => page.locator('.react-pdf__Page canvas');
const pdfTab = (page: Page) => page.getByRole('tab', { name: 'PDF pages' });
const textTab = (page: Page) => page.getByRole('tab', { name: 'Read as text' });
const textView = (page: Page) => page.getByRole('tabpanel', { name: 'Read as text' });
const zoomStatus = (page: Page) => page.getByRole('group', { name: 'Zoom' }).getByRole('status');
/** The sample manual's sections (apps/server/src/modules/manuals/sample-manual.ts). */
const SECTIONS = [
  '1. What SEVA is',
  '2. Using the portal with assistive technology',
  '3. Creating your account',
  '4. Signing in and out',
  '5. Your profile and identity QR code',
  '6. Teaching the glasses faces',
  '7. Emergency contacts',
  '8. Knowledge Base',
  '9. Installing and updating features',
  '10. Getting help',
];
/** Today as the heading writes a date: British English, in the browser's time zone. */
const today = () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());

/** The widths of the viewer's frame and of the page drawn in it, and whether the frame scrolls sideways. */
async function frameAndPage(page: Page) {
  return page.locator('.pdf-frame').evaluate((frame) => {
    const drawn = frame.querySelector('.react-pdf__Page canvas')!.getBoundingClientRect();
    return { frame: frame.clientWidth, page: drawn.width, scrolls: frame.scrollWidth > frame.clientWidth };
  });
}

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
  // The heading is the manual's own title and date, from its metadata, not the operator's file name.
  const title = page.getByRole('heading', { level: 2, name: `SEVA User Manual, created ${today()}` });
  await expect(title).toBeVisible();
  await expect(page.getByRole('main').getByText('seva-user-manual.pdf')).toHaveCount(0);
  await expect(pdfTab(page)).toHaveAttribute('aria-selected', 'true');
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

test('has no axe violations once the manual is shown, and at 400 % zoom its text is bigger, not smaller', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openManual(page);
  await expect(textLayer(page)).toContainText('SEVA User Manual');
  await expectCanvasDrawn(page);
  await expectNoAxeViolations(page, '/manual');
  const wide = await frameAndPage(page);
  expect(wide.scrolls).toBe(false);

  // 1280 px at 400 % browser zoom is a window 320 CSS px wide, each CSS px four screen pixels. Fitted to that width
  // the page would be drawn at a quarter of the CSS px, the same size on screen as before; it keeps its actual size
  // instead, so on screen its text grows with the zoom (here, well over twice the size), and the frame scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(async () => {
    const narrow = await frameAndPage(page);
    expect(narrow.frame).toBeLessThan(320);
    expect((narrow.page * 4) / wide.page).toBeGreaterThan(2.5);
    expect(narrow.scrolls).toBe(true);
  }).toPass();
  await expect(page.getByText('The page is wider than the viewer: scroll it sideways, or choose Read as text.')).toBeVisible();
  const frame = page.getByRole('region', { name: /^Page 1, scrolls sideways$/ });
  await frame.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => frame.evaluate((el) => el.scrollLeft), { message: 'the keyboard scrolls the page sideways' }).toBeGreaterThan(0);
  await expectNoHorizontalScroll(page, '/manual at 320 px');
  await expectNoAxeViolations(page, '/manual at 320 px');
  await expect(textLayer(page)).toContainText('SEVA User Manual');
});

test('zooms the page in and out, and remembers the zoom', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openManual(page);
  await expect(textLayer(page)).toContainText('SEVA User Manual');
  await expect(zoomStatus(page)).toHaveText('Zoom 100%');
  const fitted = await frameAndPage(page);

  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  await tabTo(page, zoomIn);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(zoomStatus(page)).toHaveText('Zoom 150%');
  await expect(zoomIn).toBeFocused();
  await expect(async () => {
    const zoomed = await frameAndPage(page);
    expect(Math.abs(zoomed.page - fitted.page * 1.5)).toBeLessThanOrEqual(2);
    expect(zoomed.scrolls).toBe(true);
  }).toPass();
  await expect(textLayer(page)).toContainText('SEVA User Manual');
  await expectNoAxeViolations(page, '/manual zoomed to 150 %');

  await page.reload();
  await expect(zoomStatus(page)).toHaveText('Zoom 150%');
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(zoomStatus(page)).toHaveText('Zoom 100%');
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(zoomStatus(page)).toHaveText('Zoom 75%');
  await expect(async () => expect(Math.abs((await frameAndPage(page)).page - fitted.page * 0.75)).toBeLessThanOrEqual(2)).toPass();
});

test("reads the manual as text: its headings, paragraphs and lists, found by the browser's find", async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openManual(page);
  await expect(textLayer(page)).toContainText('SEVA User Manual');

  await tabTo(page, pdfTab(page));
  await page.keyboard.press('ArrowRight');
  await expect(textTab(page)).toHaveAttribute('aria-selected', 'true');
  const view = textView(page);
  await expect(view.getByRole('heading', { level: 3 })).toHaveText(['SEVA User Manual']);
  await expect(view.getByRole('heading', { level: 4 })).toHaveText(SECTIONS);
  await expect(view.getByRole('paragraph').filter({ hasText: /^SEVA is a pair of smart glasses for people who are blind or have low vision\. A camera/ })).toHaveCount(1);
  // The eight features and the seven photo tips are lists; running footers are left out.
  await expect(view.getByRole('list').first().getByRole('listitem')).toHaveCount(8);
  await expect(view.getByRole('listitem').filter({ hasText: /^Magnify: Digital magnifier with contrast\.$/ })).toHaveCount(1);
  await expect(view.getByText(/page \d+ of \d+/)).toHaveCount(0);
  await expectNoAxeViolations(page, '/manual as text');

  // The browser's find reaches the words in the page itself.
  const found = await page.evaluate(() => {
    const find = (window as unknown as { find: (text: string) => boolean }).find;
    return find('After too many wrong attempts') && Boolean(window.getSelection()?.anchorNode?.parentElement?.closest('.manual-text-body'));
  });
  expect(found, 'find-in-page finds the text in the text view').toBe(true);

  // It reflows: at 320 px (400 % zoom) nothing scrolls sideways, and the text keeps its size in CSS px.
  const size = () => view.getByRole('paragraph').nth(2).evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
  const before = await size();
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoHorizontalScroll(page, '/manual as text at 320 px');
  expect(await size()).toBe(before);
  expect(before).toBeGreaterThanOrEqual(16);

  // The choice is kept: the next visit opens on the text.
  await page.reload();
  await expect(textTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(textView(page).getByRole('heading', { level: 4 }).first()).toHaveText(SECTIONS[0]!);
});
