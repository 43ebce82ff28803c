import { expectProblem } from './support/error-summary.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { storeFace as storeFaceThroughKit } from '../test-kit/face-storing.ts';
import { faceFixture } from '../test-kit/test-data.ts';
import type { TestUser } from '../test-kit/test-user.ts';
import { zipEntries } from '../test-kit/zip-entries.ts';
import { expectFocusedResult } from './support/action-result.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { tabTo } from './support/keyboard.ts';
import { portalOf } from './support/portal.ts';
import { signIn } from './support/sign-in.ts';

// Issue #12 on /profile: 'Signed-in browsers', 'Recent activity' and 'Your data' (download everything, delete the account).
test.describe.configure({ mode: 'parallel' });

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'User Profile' });
const section = (page: Page, name: string) => page.getByRole('region', { name });

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(heading(page)).toBeVisible();
  await expect(section(page, 'Signed-in browsers').getByRole('listitem').first()).toBeVisible();
  await expect(section(page, 'Recent activity').getByRole('listitem').first()).toBeVisible();
}

/** Stores a face through the real face backend (product §7 store_face), as the add-face screen does; answers its face_id. */
async function storeFace(page: Page, user: TestUser, name: string, image: string): Promise<string> {
  return (await storeFaceThroughKit(portalOf(page), user, { name, picture: fs.readFileSync(faceFixture('people', image)), fileName: 'face.png' })).faceId;
}

test('downloads seva-data-YYYY-MM-DD.zip holding the faces just added, their pictures as stored', async ({ signedInPage: page, newUser: user }) => {
  test.setTimeout(180_000);
  const amy = await storeFace(page, user, 'Amy', 'amy/amy1.png');
  const raj = await storeFace(page, user, 'Raj', 'raj/raj1.png');
  await openProfile(page);

  const downloading = page.waitForEvent('download');
  const button = section(page, 'Your data').getByRole('button', { name: 'Download my data' });
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^seva-data-\d{4}-\d{2}-\d{2}\.zip$/);
  // Said beside the button, which keeps focus, by the section's live region (D-077).
  await expect(section(page, 'Your data').getByRole('status')).toHaveText(`Your data has been downloaded as ${download.suggestedFilename()}.`);
  await expect(button).toBeFocused();

  const files = await zipEntries(fs.readFileSync(await download.path()));
  const faces = JSON.parse(files.get('faces.json')!.toString('utf8')).faces as Array<{ face_id: string; name: string; photos: Array<{ image: string; descriptor: number[] }> }>;
  expect(faces.map((face) => [face.face_id, face.name]).sort()).toEqual([[amy, 'Amy'], [raj, 'Raj']].sort());
  for (const face of faces) {
    // Each person's one photo, named after them and numbered (issue #32), with its 128-number description.
    const [photo] = face.photos;
    expect(photo!.image).toBe(`faces/${face.name} 1.png`);
    expect(photo!.descriptor).toHaveLength(128);
    const stored = await page.request.get(`/face-api/image/${face.face_id}`);
    expect(files.get(photo!.image)?.equals(await stored.body()), photo!.image).toBe(true);
  }
  expect(JSON.parse(files.get('account.json')!.toString('utf8')).license_id).toBe(user.licenseId);

  // Unzipped, it opens with index.html: a page a screen reader reads without scripts, each photo named after its person.
  expect([...files.keys()][0]).toBe('index.html');
  const folder = test.info().outputPath('seva-data');
  for (const [name, data] of files) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), data);
  }
  const unzipped = await page.context().newPage();
  await unzipped.goto(pathToFileURL(path.join(folder, 'index.html')).href);
  await expect(unzipped).toHaveTitle('Your SEVA data');
  await expect(unzipped.getByRole('heading', { level: 1 })).toHaveText('Your SEVA data');
  for (const name of ['Amy', 'Raj']) {
    const photo = unzipped.getByRole('img', { name: `Photo 1 of ${name}`, exact: true });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), { message: `${name}'s photo loads` }).toBeGreaterThan(0);
  }
  expect(await unzipped.evaluate(() => document.scripts.length)).toBe(0);
  await expectNoAxeViolations(unzipped, 'index.html of the data download');
  await unzipped.close();
  // The download is on the account's record.
  await expect(section(page, 'Recent activity').getByRole('listitem').first()).toContainText('Data downloaded');
});

test("deletes the account with the keyboard alone; the license ID then signs in to nothing ('Invalid credentials')", async ({ signedInPage: page, newUser: user }) => {
  await openProfile(page);
  await tabTo(page, section(page, 'Your data').getByRole('button', { name: 'Delete my account' }), { maxPresses: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('your faces and their photos');
  await expectNoAxeViolations(page, 'the deletion dialog');

  // Focus starts on the password; a wrong one is refused on the field, and nothing is erased.
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('Not-My-Password9!');
  await page.keyboard.press('Enter');
  await expectProblem(page, 'Invalid password');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();

  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your account has been deleted.');

  await page.getByLabel('License ID').fill(user.licenseId);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.keyboard.press('Enter');
  await expectProblem(page, 'Invalid credentials');
});

test('signs out another browser, which is sent to /login on its next navigation', async ({ signedInPage: page, newUser: user, browser, baseURL }) => {
  // A second browser, signed in as the same user through /login.
  const other = await browser.newContext({ baseURL: baseURL! });
  const otherPage = await other.newPage();
  await signIn(otherPage, user);

  await openProfile(page);
  const browsers = section(page, 'Signed-in browsers');
  await expect(browsers.getByRole('listitem')).toHaveCount(2);
  await expect(browsers.getByRole('listitem').first()).toContainText('This browser');
  await expectNoAxeViolations(page, "/profile's new sections");

  await browsers.getByRole('button', { name: /^Sign out Chrome on Linux, last active / }).click();
  await expectFocusedResult(browsers, 'Chrome on Linux signed out. It will need the password to come back.');
  await expect(browsers.getByRole('listitem')).toHaveCount(1);

  await otherPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
});
