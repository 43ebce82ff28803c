import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFieldError } from './support/field-error.ts';
import { expectProblem } from './support/error-summary.ts';
import { addFacePhoto, storeFace } from '../test-kit/face-storing.ts';
import { faceFixture } from '../test-kit/test-data.ts';
import type { TestUser } from '../test-kit/test-user.ts';
import { expect, test } from './support/fixtures.ts';
import { tabTo } from './support/keyboard.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { portalOf } from './support/portal.ts';
import { openDashboard } from './support/sign-in.ts';

// /faces, the Face Management Console (product §2, §4, §8, §9), against the real server and its real face detector.
test.describe.configure({ mode: 'parallel' });


/** Twelve faces: [name, fixture image]. Sorted A to Z: Amy … Rajesh | Sheldon, Stuart. */
const TWELVE: ReadonlyArray<readonly [string, string]> = [
  ['Penny', 'penny/penny1.png'],
  ['Amy', 'amy/amy1.png'],
  ['Stuart', 'stuart/stuart1.png'],
  ['Howard', 'howard/howard1.png'],
  ['Raj', 'raj/raj1.png'],
  ['Bernadette', 'bernadette/bernadette1.png'],
  ['Sheldon', 'sheldon/sheldon1.png'],
  ['Leonard', 'leonard/leonard1.png'],
  ['amy fowler', 'amy/amy2.png'],
  ['Bernie', 'bernadette/bernadette2.png'],
  ['Lenny', 'leonard/leonard2.png'],
  ['Rajesh', 'raj/raj2.png'],
];
const A_TO_Z = ['Amy', 'amy fowler', 'Bernadette', 'Bernie', 'Howard', 'Lenny', 'Leonard', 'Penny', 'Raj', 'Rajesh', 'Sheldon', 'Stuart'];

/**
 * Stores faces for `user` through the real face backend (product §7 store_face), as the add-face screen would. The
 * detector takes about a second an image per thread; the server checks at most two pictures of one user at a time
 * (and answers 429 to a third), so they go two at a time, sharing the server's pool.
 */
async function seedFaces(page: Page, user: TestUser, faces: ReadonlyArray<readonly [string, string]>): Promise<void> {
  const queue = [...faces];
  const sendNext = async (): Promise<void> => {
    const next = queue.shift();
    if (!next) return;
    const [name, image] = next;
    await storeFace(portalOf(page), user, { name, picture: fs.readFileSync(faceFixture('people', image)), fileName: path.basename(image) });
    await sendNext();
  };
  await Promise.all([sendNext(), sendNext()]);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Face Management Console' });
const faceList = (page: Page) => page.getByRole('main').getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });
/** The names on the page shown, in order (waits for the list to settle). */
const expectNames = (page: Page, names: string[]) => expect(faceList(page).getByRole('heading', { level: 3 })).toHaveText(names);
const footer = (page: Page) => page.getByText(/^(Showing \d+ to \d+ of \d+ faces|No faces match .*)$/);
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
// The screen's live regions; hidden while empty, so found with includeHidden. The screen's own status comes first;
// the list and each of its rows have their own, for messages about them.
const status = (page: Page) => page.getByRole('main').getByRole('status', { includeHidden: true }).first();
const alert = (page: Page) => page.getByRole('main').getByRole('alert', { includeHidden: true });
/** The row of the face named `name`. */
const row = (page: Page, name: string) => faceList(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
/** Every live region in the screen that says `text`. */
const saying = (page: Page, text: string | RegExp) => page.getByRole('main').getByRole('status').filter({ hasText: text });

/** Opens /faces through the navigation, as a user would; the heading takes focus. */
async function openFaces(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Face Recognition' }).click();
  await expect(heading(page)).toBeFocused();
}

/** Tab and Shift+Tab keep focus inside `dialog`. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses: number): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus stays in the dialog after ${key} ×${i + 1}`).toBe(true);
    }
  }
}

test('lists, searches, sorts and pages twelve faces', async ({ signedInPage: page, newUser: user }) => {
  test.slow(); // twelve faces through the real detector
  await openDashboard(page);
  await seedFaces(page, user, TWELVE);
  await openFaces(page);

  await expect(faceList(page).getByRole('listitem')).toHaveCount(10);
  await expectNames(page, A_TO_Z.slice(0, 10));
  await expect(footer(page)).toHaveText('Showing 1 to 10 of 12 faces');
  const penny = faceList(page).getByRole('img', { name: 'Penny', exact: true });
  await expect(penny).toHaveAttribute('src', /^\/face-api\/image\//);
  await expect.poll(() => penny.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the photo loads' }).toBe(true);
  await expect(faceList(page).getByText(/^Added /).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'View details for Penny' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Penny' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Penny' })).toBeVisible();
  await expect(pagination(page).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page, '/faces with twelve faces');

  // Paging, 10 a page.
  await pagination(page).getByRole('button', { name: 'Next' }).click();
  await expectNames(page, ['Sheldon', 'Stuart']);
  await expect(footer(page)).toHaveText('Showing 11 to 12 of 12 faces');
  await expect(pagination(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pagination(page).getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current', 'page');
  await expect(pagination(page).getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  await expect(pagination(page).getByRole('button', { name: 'Next' })).toBeFocused();
  await pagination(page).getByRole('button', { name: 'Previous' }).click();
  await expect(footer(page)).toHaveText('Showing 1 to 10 of 12 faces');
  await pagination(page).getByRole('button', { name: 'Page 2' }).click();
  await expect(footer(page)).toHaveText('Showing 11 to 12 of 12 faces');

  // Sort Z to A keeps the page; the last page now holds the start of the alphabet.
  await page.getByLabel('Sort by name').selectOption({ label: 'Z to A' });
  await expectNames(page, ['amy fowler', 'Amy']);
  await pagination(page).getByRole('button', { name: 'Page 1' }).click();
  await expectNames(page, [...A_TO_Z].reverse().slice(0, 10));
  await page.getByLabel('Sort by name').selectOption({ label: 'A to Z' });
  await expectNames(page, A_TO_Z.slice(0, 10));

  // Searching goes back to page 1 and counts only the matches, whatever the case.
  await pagination(page).getByRole('button', { name: 'Page 2' }).click();
  const search = page.getByRole('searchbox', { name: 'Search by name' });
  await search.fill('AMY');
  await expectNames(page, ['Amy', 'amy fowler']);
  await expect(footer(page)).toHaveText('Showing 1 to 2 of 2 faces');
  await expect(pagination(page)).toHaveCount(0);
  await search.fill('raj');
  await expectNames(page, ['Raj', 'Rajesh']);
  await search.fill('zebra');
  await expect(faceList(page)).toHaveCount(0);
  await expect(footer(page)).toHaveText('No faces match "zebra".');
  await expectNoAxeViolations(page, '/faces with no match');
  await search.fill('');
  await expect(footer(page)).toHaveText('Showing 1 to 10 of 12 faces');

  // Changing the page size goes back to page 1.
  await pagination(page).getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByLabel('Faces per page')).toHaveValue('10');
  await page.getByLabel('Faces per page').selectOption('25');
  await expect(footer(page)).toHaveText('Showing 1 to 12 of 12 faces');
  await expectNames(page, A_TO_Z);
  await expect(pagination(page)).toHaveCount(0);
  expect(await page.getByLabel('Faces per page').locator('option').allTextContents()).toEqual(['10', '25', '50', '100']);
});

test('the details, edit and delete dialogs work from the keyboard and give focus back', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await seedFaces(page, user, [TWELVE[0]!, TWELVE[1]!, TWELVE[2]!]);
  await openFaces(page);
  await expect(footer(page)).toHaveText('Showing 1 to 3 of 3 faces');

  // Details: a larger photo, name, date added, face ID; Close or Escape gives focus back.
  const viewPenny = page.getByRole('button', { name: 'View details for Penny' });
  await viewPenny.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Face details' });
  await expect(details).toBeVisible();
  await expect(details.getByRole('img', { name: 'Penny' })).toBeVisible();
  await expect(details.getByRole('definition')).toHaveText([
    'Penny',
    /\d{4}/,
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  ]);
  await expect(details.getByRole('term')).toHaveText(['Name', 'Date added', 'Face ID']);
  await expectNoAxeViolations(page, '/faces, details dialog');
  await expectFocusTrapped(page, details, 3);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(viewPenny).toBeFocused();
  await page.keyboard.press('Enter');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  await expect(viewPenny).toBeFocused();

  // Edit: prefilled; empty and taken names refused; Escape cancels; success closes and says so.
  const editPenny = page.getByRole('button', { name: 'Edit Penny' });
  await editPenny.focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Penny' });
  const name = edit.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Penny');
  await expectNoAxeViolations(page, '/faces, edit dialog');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expectFieldError(name, 'Name cannot be empty');
  await name.fill('  AMY ');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(name, 'A face with the name "AMY" already exists. Please use a different name.');
  await expectProblem(page, 'A face with the name "AMY" already exists. Please use a different name.');
  await expectNoAxeViolations(page, '/faces, edit dialog with an error');
  await expectFocusTrapped(page, edit, 4);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(editPenny).toBeFocused();
  await expectNames(page, ['Amy', 'Penny', 'Stuart']);

  await page.keyboard.press('Enter');
  await expect(name).toHaveValue('Penny');
  await name.fill('Penny Hofstadter');
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await expectNames(page, ['Amy', 'Penny Hofstadter', 'Stuart']);
  // Said in the renamed face's row, in view, beside the Edit button that has focus again; nowhere else.
  const renamed = row(page, 'Penny Hofstadter');
  await expect(renamed.getByRole('status')).toHaveText('Face updated successfully');
  await expect(renamed.getByRole('status')).toBeInViewport();
  await expect(saying(page, 'Face updated successfully')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Edit Penny Hofstadter' })).toBeFocused();
  await expectNoAxeViolations(page, '/faces, renamed');

  // Delete is quiet in the list: drawn like its neighbours, not as a solid red button.
  const deleteStuart = page.getByRole('button', { name: 'Delete Stuart' });
  const looks = (button: Locator) => button.evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`);
  expect(await looks(deleteStuart)).toBe(await looks(page.getByRole('button', { name: 'Edit Stuart' })));

  // Confirmed in an alert dialog that shows whose photo goes and what that changes; Cancel keeps the face. The rename's
  // message stayed until now, the next action (D-077).
  await expect(renamed.getByRole('status')).toHaveText('Face updated successfully');
  await deleteStuart.click();
  await expect(saying(page, 'Face updated successfully')).toHaveCount(0);
  const confirm = page.getByRole('alertdialog', { name: 'Delete Stuart?' });
  await expect(confirm).toContainText('Are you sure you want to delete this face?');
  await expect(confirm).toHaveAccessibleDescription(/^Are you sure you want to delete this face\? Your SEVA glasses will stop recognising Stuart\./);
  const photo = confirm.getByRole('img', { name: 'Stuart' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the photo loads' }).toBe(true);
  // Only the confirmation's Delete is drawn as destructive, after Cancel, which is the prominent button.
  expect(await looks(confirm.getByRole('button', { name: 'Delete', exact: true }))).not.toBe(await looks(deleteStuart));
  await expect(confirm.getByRole('button')).toHaveText(['Cancel', 'Delete']);
  await expectNoAxeViolations(page, '/faces, delete confirmation');
  await expectFocusTrapped(page, confirm, 3);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteStuart).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  // As a keyboard user hears it: the dialog has taken focus (itself or a control in it), then Escape closes it.
  await expect.poll(() => confirm.evaluate((dialog) => dialog.contains(document.activeElement)), { message: 'focus moves into the dialog' }).toBe(true);
  await page.keyboard.press('Escape');
  await expect(deleteStuart).toBeFocused();
  await expectNames(page, ['Amy', 'Penny Hofstadter', 'Stuart']);

  // Confirmed: gone, said so, and focus on the list heading rather than lost.
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expectNames(page, ['Amy', 'Penny Hofstadter']);
  await expect(footer(page)).toHaveText('Showing 1 to 2 of 2 faces');
  // Said under the list heading, which now has focus, naming who was deleted.
  await expect(page.getByRole('heading', { level: 2, name: 'Your faces' })).toBeFocused();
  await expect(saying(page, /^Face deleted successfully/)).toHaveText('Face deleted successfully: Stuart');
  await expect(saying(page, /^Face deleted successfully/)).toBeInViewport();

  // The change is on the server, not only on screen.
  await page.reload();
  await expectNames(page, ['Amy', 'Penny Hofstadter']);
});

test('deleting the last face leads to the welcome, with focus on it', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await seedFaces(page, user, [TWELVE[0]!]);
  await openFaces(page);
  await page.getByRole('button', { name: 'Delete Penny' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(status(page)).toHaveText('Face deleted successfully: Penny');
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to your Face Management Console' })).toBeFocused();
});

test('a user without faces is welcomed and led to add one', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openFaces(page);
  const welcome = page.getByRole('heading', { level: 2, name: 'Welcome to your Face Management Console' });
  await expect(welcome).toBeVisible();
  await expect(footer(page)).toHaveCount(0);
  await expectNoAxeViolations(page, '/faces, empty');
  await page.getByRole('link', { name: 'Add Your First Face' }).click();
  await expect(page).toHaveURL(/\/faces\/add$/);
  await page.goBack();
  await expect(welcome).toBeVisible();
  await page.getByRole('link', { name: 'Add New Face' }).click();
  await expect(page).toHaveURL(/\/faces\/add$/);
});

test('a photo that cannot be loaded is replaced by the placeholder', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await seedFaces(page, user, [TWELVE[1]!]);
  await page.route('**/face-api/image/**', (route) => route.fulfill({ status: 404, json: { message: 'Not found.' } }));
  await openFaces(page);
  const image = faceList(page).getByRole('img', { name: 'Amy (photo not available)' });
  await expect(image).toHaveAttribute('src', '/face-placeholder.svg');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the placeholder loads' }).toBe(true);
  await expectNoAxeViolations(page, '/faces with a broken photo');
});

test('says it is loading, and why the list could not load, and tries again', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await seedFaces(page, user, [TWELVE[1]!]);
  const list = '**/face-api/get_all_faces';
  const showFacesWith = async (answer: Parameters<Page['route']>[1]) => {
    await page.unrouteAll();
    await page.route(list, answer);
    await page.goto('/dashboard');
    await openFaces(page);
  };

  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await showFacesWith(async (route) => {
    await held;
    await route.continue();
  });
  await expect(status(page)).toHaveText('Loading your faces…');
  release();
  await expect(faceList(page).getByRole('heading', { name: 'Amy' })).toBeVisible();
  await expect(status(page)).toBeEmpty();

  for (const code of [500, 503]) {
    await showFacesWith((route) => route.fulfill({ status: code, json: { message: 'Something went wrong on our side. Please try again.' } }));
    await expect(alert(page)).toHaveText('Server error. Please try again later.');
  }
  await expectNoAxeViolations(page, '/faces with a load error');

  await showFacesWith((route) => route.fulfill({ status: 403, json: { message: 'You can only act on your own account.' } }));
  await expect(alert(page)).toHaveText('Server responded with 403: You can only act on your own account.');

  await showFacesWith((route) => route.fulfill({ status: 429, contentType: 'text/plain', body: 'Slow down' }));
  await expect(alert(page)).toHaveText('Server responded with 429: Slow down');

  await showFacesWith((route) => route.fulfill({ status: 404, json: { message: 'Not found.' } }));
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to your Face Management Console' })).toBeVisible();
  await expect(alert(page)).toBeEmpty();

  await showFacesWith((route) => route.abort('internetdisconnected'));
  await expect(alert(page)).toHaveText('Unable to connect to the server. Please check your internet connection and try again.');
  await expect(faceList(page)).toHaveCount(0);

  // The connection is back: 'Try again' loads the list and focus goes to it.
  await page.unrouteAll();
  const again = page.getByRole('button', { name: 'Try again' });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(faceList(page).getByRole('heading', { name: 'Amy' })).toBeVisible();
  await expect(alert(page)).toBeEmpty();
  await expect(again).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Your faces' })).toBeFocused();
});

test('a signed-out visitor is told to log in, then taken to /login', async ({ page }) => {
  await page.goto('/faces');
  await expect(page.getByRole('alert')).toHaveText('User not authenticated. Please log in first.');
  await expect(heading(page)).toHaveCount(0);
  await page.waitForURL('**/login', { timeout: 6_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to SEVA' })).toBeVisible();
});

test('a tall photo\'s thumbnail shows the face, and its details the whole photo', async ({ signedInPage: page, newUser: user }) => {
  // 400x900 with the face in its top third (test-data/faces/README.md): a centred square would show none of it.
  const stored = await storeFace(portalOf(page), user, { name: 'Tall Tess', picture: fs.readFileSync(faceFixture('formats', 'tall-sad.jpg')), fileName: 'tall.jpg' });
  const box = (stored.answer.json as { face_box: unknown }).face_box as { x: number; y: number; width: number; height: number; image_width: number; image_height: number };
  expect(box).toMatchObject({ image_width: 400, image_height: 900 });
  expect(box.y + box.height).toBeLessThan(250);

  await page.goto('/faces');
  const thumbnail = faceList(page).getByRole('img', { name: 'Tall Tess' });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the photo loads' }).toBe(true);
  // The part of the photo the square thumbnail shows (object-fit: cover, at its object-position), in the photo's pixels.
  const shown = await thumbnail.evaluate((img: HTMLImageElement) => {
    const style = getComputedStyle(img);
    const width = img.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = img.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const scale = Math.max(width / img.naturalWidth, height / img.naturalHeight);
    const [px = '50%', py = '50%'] = style.objectPosition.split(' ');
    const left = ((img.naturalWidth * scale - width) * parseFloat(px)) / 100 / scale;
    const top = ((img.naturalHeight * scale - height) * parseFloat(py)) / 100 / scale;
    return { fit: style.objectFit, left, top, right: left + width / scale, bottom: top + height / scale };
  });
  expect(shown.fit).toBe('cover');
  expect(shown.left).toBeLessThanOrEqual(box.x + 1);
  expect(shown.top).toBeLessThanOrEqual(box.y + 1);
  expect(shown.right).toBeGreaterThanOrEqual(box.x + box.width - 1);
  expect(shown.bottom).toBeGreaterThanOrEqual(box.y + box.height - 1);

  await page.getByRole('button', { name: 'View details for Tall Tess' }).click();
  const whole = page.getByRole('dialog', { name: 'Face details' }).getByRole('img', { name: 'Tall Tess' });
  await expect(whole).toBeVisible();
  const drawn = await whole.evaluate((img: HTMLImageElement) => ({ fit: getComputedStyle(img).objectFit, ratio: img.clientHeight / img.clientWidth }));
  expect(drawn.fit).toBe('contain');
  expect(drawn.ratio).toBeCloseTo(900 / 400, 1);
  await expectNoAxeViolations(page, '/faces, details of a tall photo');
});

// Issue #32: a face is a person with up to five photos, and recognition can be tried on /faces/test.

/** The detector takes a few seconds the first time a worker starts, then up to a second an image. */
const DETECTOR_TIMEOUT = 30_000;
const photosRegion = (page: Page) => page.getByRole('dialog', { name: 'Face details' }).getByRole('region', { name: 'Photos' });
const answer = (page: Page) => page.getByRole('region', { name: 'Answer' }).getByRole('status');

/** Chooses `file` in the focused file field's chooser, from the keyboard (Space opens it). */
async function chooseFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(file);
}

test("a person's photos by keyboard: a second by upload, the count, recognition of a third, and deleting one", async ({ signedInPage: page, newUser: user }) => {
  test.slow();
  await openDashboard(page);
  await seedFaces(page, user, [['Leonard', 'leonard/leonard1.png']]);
  await openFaces(page);
  await expect(row(page, 'Leonard')).toContainText('1 photo');

  // Details: the only photo cannot be deleted, and says why where its button would be.
  await page.getByRole('button', { name: 'View details for Leonard' }).focus();
  await page.keyboard.press('Enter');
  await expect(photosRegion(page).getByRole('heading', { level: 4 })).toHaveText(['Photo 1']);
  await expect(photosRegion(page).getByRole('listitem')).toContainText('A person needs at least one photo. Delete the person instead.');
  await expect(photosRegion(page).getByRole('listitem')).toContainText(/^Photo 1Added .*\d{4}Quality: (Good|Usable)/);
  await expect(photosRegion(page).getByRole('button', { name: /^Delete photo/ })).toHaveCount(0);
  await expectNoAxeViolations(page, '/faces, details of a person with one photo');

  // 'Add a photo of Leonard': the same consent and upload, then 'Add photo' instead of naming.
  await tabTo(page, photosRegion(page).getByRole('link', { name: 'Add a photo of Leonard' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/faces\/add\?person=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a photo of Leonard' })).toBeFocused();
  await expectNoAxeViolations(page, '/faces/add?person=, consent');
  await tabTo(page, page.getByRole('checkbox', { name: /^I have the consent of the person in the photo/ }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'UPLOAD IMAGE' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Upload an image' })).toBeFocused();
  await page.keyboard.press('Tab');
  await chooseFile(page, faceFixture('people', 'leonard/leonard2.png'));
  await expect(page.getByRole('heading', { level: 2, name: 'Add this photo to Leonard?' })).toBeFocused({ timeout: DETECTOR_TIMEOUT });
  await expectNoAxeViolations(page, '/faces/add?person=, adding the photo');
  await tabTo(page, page.getByRole('button', { name: 'Add photo' }));
  await page.keyboard.press('Enter');
  const added = page.getByRole('alertdialog', { name: 'Photo added' });
  await expect(added).toContainText('The photo was added to Leonard.', { timeout: DETECTOR_TIMEOUT });
  await expect(added.getByRole('button', { name: 'OK' })).toBeFocused();
  await expectNoAxeViolations(page, '/faces/add?person=, photo added');
  await page.keyboard.press('Enter');
  await expect(heading(page)).toBeFocused();
  await expect(row(page, 'Leonard')).toContainText('2 photos');

  // Test recognition with a third photo: the name is said in the live region, and focus stays where it was.
  await tabTo(page, page.getByRole('link', { name: 'Test recognition' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Test recognition' })).toBeFocused();
  await expect(page.getByText('This photo is not kept.')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expectNoAxeViolations(page, '/faces/test');
  await tabTo(page, page.getByRole('button', { name: 'UPLOAD IMAGE' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Upload an image' })).toBeFocused();
  await page.keyboard.press('Tab');
  const fileField = page.getByLabel('Choose a photo to test (JPEG, PNG, WebP or HEIC, at most 5 MB)');
  await expect(fileField).toBeFocused();
  await chooseFile(page, faceFixture('people', 'leonard/leonard3.png'));
  await expect(answer(page)).toHaveText(/^This is Leonard\. (Very sure|Fairly sure)/, { timeout: DETECTOR_TIMEOUT });
  const matched = answer(page).getByRole('img', { name: 'The photo of Leonard that matched best' });
  await expect(matched).toHaveAttribute('src', /^\/face-api\/faces\/[0-9a-f-]{36}\/photos\/[0-9a-f-]{36}\/image$/);
  await expect.poll(() => matched.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the matched photo loads' }).toBe(true);
  await expect(fileField).toBeFocused();
  await expectNoAxeViolations(page, '/faces/test, a person recognised');

  // Deleting a photo: confirmed, said, counted.
  await tabTo(page, page.getByRole('link', { name: 'RETURN TO FACES' }));
  await page.keyboard.press('Enter');
  await expect(heading(page)).toBeFocused();
  await page.getByRole('button', { name: 'View details for Leonard' }).focus();
  await page.keyboard.press('Enter');
  await expect(photosRegion(page).getByRole('heading', { level: 4 })).toHaveText(['Photo 1', 'Photo 2']);
  await expectNoAxeViolations(page, '/faces, details of a person with two photos');
  const deleteSecond = photosRegion(page).getByRole('button', { name: 'Delete photo 2 of Leonard' });
  await tabTo(page, deleteSecond);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete photo 2 of Leonard?' });
  await expect(confirm).toHaveAccessibleDescription('Your SEVA glasses will stop using this photo to recognise Leonard. This cannot be undone.');
  await expect.poll(() => confirm.evaluate((dialog) => dialog.contains(document.activeElement)), { message: 'focus moves into the dialog' }).toBe(true);
  await expectNoAxeViolations(page, '/faces, delete photo confirmation');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(deleteSecond).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByRole('button', { name: 'Delete photo' }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(photosRegion(page).getByRole('status')).toHaveText('Photo deleted');
  await expect(photosRegion(page).getByText(/^\d+ photos?$/)).toHaveText('1 photo');
  await expect(photosRegion(page).getByRole('heading', { level: 3, name: 'Photos' })).toBeFocused();
  await expectNoAxeViolations(page, '/faces, a photo deleted');
  await page.keyboard.press('Escape');
  await expect(row(page, 'Leonard')).toContainText('1 photo');
  // The change is on the server.
  const [leonard] = await listed(page, user);
  expect(leonard).toMatchObject({ name: 'Leonard', photo_count: 1 });
  const photos = await page.request.get(`/face-api/faces/${leonard!.face_id}/photos`);
  expect(((await photos.json()) as { photos: unknown[] }).photos).toHaveLength(1);
});

/** The user's faces as get_all_faces lists them. */
async function listed(page: Page, user: TestUser): Promise<Array<{ face_id: string; name: string; photo_count: number }>> {
  const response = await page.request.post('/face-api/get_all_faces', { multipart: { email: user.email } });
  expect(response.status()).toBe(200);
  return response.json();
}

test('/faces/test says who each face of a group is, left to right, and why it can say nothing of a photo without a face', async ({ signedInPage: page, newUser: user }) => {
  await openDashboard(page);
  await seedFaces(page, user, [['Penny', 'penny/penny1.png']]);
  await page.goto('/faces/test');
  await page.getByRole('button', { name: 'UPLOAD IMAGE' }).click();
  const fileField = page.getByLabel(/^Choose a photo to test/);

  await fileField.setInputFiles(faceFixture('single', 'neutral.jpg'));
  await expect(answer(page)).toHaveText('This is not anyone in your faces.', { timeout: DETECTOR_TIMEOUT });
  await expectNoAxeViolations(page, '/faces/test, nobody kept');

  await fileField.setInputFiles(faceFixture('no-face', 'white.png'));
  await expect(answer(page)).toHaveText('No face was found in this image. Please use a clear, well-lit photo of one face, looking at the camera.', { timeout: DETECTOR_TIMEOUT });

  await fileField.setInputFiles(faceFixture('many-faces', 'bbt1.jpg'));
  await expect(answer(page)).toContainText(/^This photo shows \d+ faces\. From left to right:/, { timeout: DETECTOR_TIMEOUT });
  const faces = answer(page).getByRole('listitem');
  expect(await faces.count()).toBeGreaterThan(1);
  for (const text of await faces.allTextContents()) expect(text).toMatch(/^(This is .+\. (Very|Fairly) sure|Not sure who this is\..*|This is not anyone in your faces\.)$/);
  await expectNoAxeViolations(page, '/faces/test, a group photo');
});

test('/faces/add?person= says before anything starts that a fifth photo is the last, and that an unknown person is not there', async ({ signedInPage: page, newUser: user }) => {
  test.slow(); // five photos through the real detector
  const { faceId } = await storeFace(portalOf(page), user, { name: 'Amy', picture: fs.readFileSync(faceFixture('people', 'amy/amy1.png')), fileName: 'amy1.png' });
  for (const n of [2, 3, 4, 5]) await addFacePhoto(portalOf(page), user, faceId, { picture: fs.readFileSync(faceFixture('people', `amy/amy${n}.png`)), fileName: `amy${n}.png` });

  await page.goto('/faces');
  await expect(row(page, 'Amy')).toContainText('5 photos');
  await page.getByRole('button', { name: 'View details for Amy' }).click();
  await expect(photosRegion(page).getByRole('button', { name: /^Delete photo \d of Amy$/ })).toHaveCount(5);
  await expect(photosRegion(page)).toContainText('A person can have up to 5 photos. Delete one first.');
  await expect(photosRegion(page).getByRole('link', { name: 'Add a photo of Amy' })).toHaveCount(0);

  await page.goto(`/faces/add?person=${faceId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a photo of Amy' })).toBeVisible();
  await expect(status(page)).toHaveText('A person can have up to 5 photos. Delete one first.');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'UPLOAD IMAGE' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/faces/add?person=, five photos already');

  await page.goto('/faces/add?person=3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a photo' })).toBeVisible();
  await expect(alert(page)).toHaveText('This face was not found. It may have been deleted.');
  await expectNoAxeViolations(page, '/faces/add?person=, nobody');
  await page.getByRole('link', { name: 'RETURN TO FACES' }).click();
  await expect(heading(page)).toBeVisible();
});

test("a person's photos and /faces/test's answer reflow at 320 px wide", async ({ signedInPage: page, newUser: user }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const { faceId } = await storeFace(portalOf(page), user, { name: 'Bernadette Maryann Rostenkowski', picture: fs.readFileSync(faceFixture('people', 'bernadette/bernadette1.png')), fileName: 'b1.png' });
  await addFacePhoto(portalOf(page), user, faceId, { picture: fs.readFileSync(faceFixture('people', 'bernadette/bernadette2.png')), fileName: 'b2.png' });
  await page.goto('/faces');
  await page.getByRole('button', { name: 'View details for Bernadette Maryann Rostenkowski' }).click();
  await expect(photosRegion(page).getByRole('listitem')).toHaveCount(2);
  await expectNoHorizontalScroll(page, '/faces, details with two photos');
  await photosRegion(page).getByRole('button', { name: 'Delete photo 1 of Bernadette Maryann Rostenkowski' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoHorizontalScroll(page, '/faces, delete photo confirmation');

  await page.goto('/faces/test');
  await page.getByRole('button', { name: 'UPLOAD IMAGE' }).click();
  await page.getByLabel(/^Choose a photo to test/).setInputFiles(faceFixture('people', 'bernadette/bernadette3.png'));
  await expect(answer(page)).toContainText('This is Bernadette Maryann Rostenkowski.', { timeout: DETECTOR_TIMEOUT });
  await expectNoHorizontalScroll(page, '/faces/test, an answer');
});
