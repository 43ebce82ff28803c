import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe.ts';
import { writeFakeCameraVideo } from './support/fake-camera.ts';
import { expectFieldError } from './support/field-error.ts';
import { tabTo } from './support/keyboard.ts';
import { portalOf } from './support/portal.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { storeFace } from '../test-kit/face-storing.ts';
import { faceFixture } from '../test-kit/test-data.ts';
import type { TestUser } from '../test-kit/test-user.ts';
import { expect, test } from './support/fixtures.ts';

// /faces/add, Face Registration (product §2, §4, §5, §8, §9), against the real server and its real face detector.
test.describe.configure({ mode: 'parallel' });

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const NEUTRAL = faceFixture('single/neutral.jpg');

/**
 * Chromium's fake camera films a fixture face: a video written here before the browser starts, added to the launch
 * options of the configuration. Launch options can only be set for a whole file, so every test here runs with it.
 */
test.use({
  launchOptions: [
    async ({ launchOptions }, use) => {
      // The same bytes from every worker and run, written whole then renamed: one file serves them all.
      const video = await writeFakeCameraVideo(NEUTRAL, path.join(REPO_ROOT, '.tmp', 'fake-camera', 'neutral-640x480.y4m'));
      const fakeCamera = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCamera] });
    },
    { scope: 'worker' },
  ],
});

/** The detector takes a few seconds the first time a worker starts, then up to a second an image (a photo is checked as it is chosen). */
const DETECTOR_TIMEOUT = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CONSENT = /^I have the consent of the person in the photo/;
const DISCLAIMER_CONSENT = /^I have read this\. I have the consent/;
const UPLOAD_LABEL = 'Choose an image of one face (JPEG, PNG, WebP or HEIC, at most 5 MB)';
const GUIDELINES = [
  'Only one face in the picture.',
  'No sunglasses, headsets, hats or scarves.',
  'A plain, neutral background.',
  'Good, even lighting on the face.',
  'Face the camera straight on, with the face centred.',
  'No extreme angles: keep the head level.',
  'Nothing covering the eyes or mouth.',
];

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Face Registration' });
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const consentBox = (page: Page) => page.getByRole('checkbox', { name: CONSENT });
const disclaimerConsentBox = (page: Page) => page.getByRole('checkbox', { name: DISCLAIMER_CONSENT });
const useCamera = (page: Page) => page.getByRole('button', { name: 'USE CAMERA' });
const uploadImage = (page: Page) => page.getByRole('button', { name: 'UPLOAD IMAGE' });
const fileInput = (page: Page) => page.getByLabel(UPLOAD_LABEL);
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name' });
const registerButton = (page: Page) => page.getByRole('button', { name: /^(REGISTER FACE|PROCESSING\.\.\.)$/ });
const toSend = (page: Page) => page.getByRole('region', { name: 'What will be sent' });
const registered = (page: Page) => page.getByRole('alertdialog', { name: 'Face registered' });
/** The screen's assertive live region, found with its text. */
const alertSaying = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const NO_FACE = 'No face was found in this image. Please use a clear, well-lit photo of one face, looking at the camera.';
const MANY_FACES = /^This image shows \d+ faces\. Please use a photo with only one face\.$/;

/** What every live region on the screen says now (the texts a screen reader has been given to announce). */
async function liveRegionTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="status"], [role="alert"], [aria-live]'), (region) => region.textContent?.trim() ?? '').filter(Boolean),
  );
}
const facesList = (page: Page) => page.getByRole('main').getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });

/** product §9: about 0.75 × the data-URL length / 1024, in KB. */
const estimatedKb = (dataUrl: string) => Math.round((0.75 * dataUrl.length) / 1024);
const dataUrlOf = (file: string, type: string) => `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;

/** Clicks a checkbox's visible label, as a user does (react-aria keeps the input itself visually hidden). */
async function setChecked(box: Locator, checked: boolean): Promise<void> {
  if ((await box.isChecked()) !== checked) await box.locator('xpath=ancestor::label[1]').click();
  await (checked ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
}

async function openAddFace(page: Page): Promise<void> {
  await page.goto('/faces/add');
  await expect(heading(page)).toBeVisible();
}

async function consentAndUpload(page: Page): Promise<void> {
  await setChecked(consentBox(page), true);
  await uploadImage(page).click();
  await expect(stepHeading(page, 'Upload an image')).toBeVisible();
}

/** The user's faces as the face backend lists them (product §7 get_all_faces). */
async function listFaces(page: Page, user: TestUser): Promise<Array<{ face_id: string; name: string; photo_count: number }>> {
  const response = await page.request.post('/face-api/get_all_faces', { multipart: { email: user.email } });
  expect(response.status()).toBe(200);
  const faces: Array<{ face_id: string; name: string; photo_count: number }> = await response.json();
  // By name, whatever order the server lists them in.
  return faces.sort((a, b) => a.name.localeCompare(b.name));
}

/** Stores a face straight through the face backend, as another session of the screen would. */
async function seedFace(page: Page, user: TestUser, name: string, image: string): Promise<void> {
  await storeFace(portalOf(page), user, { name, picture: fs.readFileSync(faceFixture(image)), fileName: path.basename(image) });
}

test('consent comes first: one consent in two places, the disclaimer, the guidelines and the way back', async ({ signedInPage: page }) => {
  await openAddFace(page);

  await expect(consentBox(page)).not.toBeChecked();
  await expect(useCamera(page)).toBeDisabled();
  await expect(uploadImage(page)).toBeDisabled();
  await expect(uploadImage(page)).toHaveAccessibleDescription('Give consent above to choose a method.');

  await setChecked(consentBox(page), true);
  await expect(useCamera(page)).toBeEnabled();
  await expect(uploadImage(page)).toBeEnabled();

  // The UK GDPR disclaimer, behind 'Show More'.
  const showMore = page.getByRole('button', { name: 'Show More' });
  await expect(showMore).toHaveAttribute('aria-expanded', 'false');
  const disclaimer = page.locator(`[id="${await showMore.getAttribute('aria-controls')}"]`);
  await expect(disclaimer).toBeHidden();
  await expect(disclaimerConsentBox(page)).toHaveCount(0);
  await showMore.click();
  const showLess = page.getByRole('button', { name: 'Show Less' });
  await expect(showLess).toHaveAttribute('aria-expanded', 'true');
  await expect(disclaimer).toBeVisible();
  await expect(disclaimer.getByRole('heading', { level: 4 })).toHaveText(['Purpose', 'Storage and security', 'Legal basis', 'Retention', 'Your rights']);
  await expect(disclaimer).toContainText('UK GDPR');

  // Both checkboxes are the one consent.
  await expect(disclaimerConsentBox(page)).toBeChecked();
  await setChecked(disclaimerConsentBox(page), false);
  await expect(consentBox(page)).not.toBeChecked();
  await expect(useCamera(page)).toBeDisabled();
  await expect(uploadImage(page)).toBeDisabled();
  await setChecked(disclaimerConsentBox(page), true);
  await expect(consentBox(page)).toBeChecked();
  await expect(uploadImage(page)).toBeEnabled();
  await setChecked(consentBox(page), false);
  await expect(disclaimerConsentBox(page)).not.toBeChecked();
  await expect(uploadImage(page)).toBeDisabled();

  await showLess.click();
  await expect(page.getByRole('button', { name: 'Show More' })).toHaveAttribute('aria-expanded', 'false');
  await expect(disclaimer).toBeHidden();

  const guidelines = page.getByRole('region', { name: 'Guidelines for a good photo' });
  await expect(guidelines.getByRole('listitem')).toHaveText(GUIDELINES);

  await page.getByRole('link', { name: 'RETURN TO FACES' }).click();
  await expect(page).toHaveURL(/\/faces$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Face Management Console' })).toBeVisible();
});

test('an uploaded photo is previewed with what will be sent, registered, and listed', async ({ signedInPage: page, newUser: user }) => {
  await openAddFace(page);
  await consentAndUpload(page);
  await fileInput(page).setInputFiles(NEUTRAL);

  await expect(stepHeading(page, 'Name this face')).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  const dataUrl = dataUrlOf(NEUTRAL, 'image/jpeg');
  await expect(page.getByRole('img', { name: 'Preview of the face to register' })).toHaveAttribute('src', dataUrl);
  const sizeKb = estimatedKb(dataUrl);
  await expect(toSend(page).getByRole('term')).toHaveText(['name', 'email', 'face_id', 'file']);
  await expect(toSend(page).getByRole('definition')).toHaveText(['(not entered yet)', user.email, UUID, `face.jpg (about ${sizeKb} KB)`]);
  const faceId = (await toSend(page).getByRole('definition').nth(2).textContent()) ?? '';

  await expect(registerButton(page)).toHaveText('REGISTER FACE');
  await expect(registerButton(page)).toBeDisabled();
  await nameField(page).fill('   ');
  await expect(registerButton(page)).toBeDisabled();
  await nameField(page).fill('  Ada  Lovelace ');
  await expect(registerButton(page)).toBeEnabled();
  await expect(toSend(page).getByRole('definition')).toHaveText(['Ada  Lovelace', user.email, faceId, `Ada_Lovelace.jpg (about ${sizeKb} KB)`]);

  // Held on its way to the server, so the busy state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/face-api/store_face', async (route) => {
    await held;
    await route.continue();
  });
  await registerButton(page).click();
  await expect(registerButton(page)).toHaveText('PROCESSING...');
  await expect(registerButton(page)).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Registering the face' })).toBeVisible();
  // Once stored, the screen fetches the list again, which now holds Ada.
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/face-api/get_all_faces') && response.ok(), { timeout: DETECTOR_TIMEOUT });
  release();

  const dialog = registered(page);
  await expect(dialog).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  await (await refreshed).finished();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Only the success is told: no live region says the name is taken (by the face just registered).
  expect(await liveRegionTexts(page)).toEqual([]);
  await expect(nameField(page)).not.toHaveAttribute('aria-invalid');
  await expect(dialog.getByRole('term')).toHaveText(['name', 'email', 'face_id', 'file']);
  await expect(dialog.getByRole('definition')).toHaveText(['Ada  Lovelace', user.email, faceId, `Ada_Lovelace.jpg (about ${sizeKb} KB)`]);
  await expectNoAxeViolations(page, '/faces/add, registered');
  await dialog.getByRole('button', { name: 'OK' }).click();

  await expect(page).toHaveURL(/\/faces$/);
  await expect(facesList(page).getByRole('heading', { level: 3 })).toHaveText(['Ada  Lovelace']);
  expect(await listFaces(page, user)).toMatchObject([{ face_id: faceId, name: 'Ada  Lovelace' }]);
});

test("registers an iPhone's HEIC photo, which Chromium cannot show, and stores it as a JPEG", async ({ signedInPage: page, newUser: user }) => {
  await openAddFace(page);
  await consentAndUpload(page);
  // Browsers other than Safari often give a .heic file no type.
  await fileInput(page).setInputFiles({ name: 'IMG_0420.HEIC', mimeType: '', buffer: fs.readFileSync(faceFixture('formats/neutral.heic')) });
  await expect(stepHeading(page, 'Name this face')).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  await expect(page.getByText('This browser cannot show a preview of this photo. It will be saved as a JPEG.')).toBeVisible();
  await expectNoAxeViolations(page, '/faces/add, naming a HEIC photo');
  await nameField(page).fill('Hana Ito');
  await registerButton(page).click();
  await expect(registered(page)).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  const [face] = await listFaces(page, user);
  expect(face).toMatchObject({ name: 'Hana Ito' });
  const image = await page.request.get(`/face-api/image/${face!.face_id}`);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});

test('refuses what is not a usable photo of one face, and stores nothing', async ({ signedInPage: page, newUser: user }) => {
  await openAddFace(page);
  await consentAndUpload(page);

  const refuse = async (file: Parameters<Page['setInputFiles']>[1], message: string) => {
    await fileInput(page).setInputFiles(file);
    await expectFieldError(fileInput(page), message);
    await expect(page.getByRole('alert').filter({ hasText: message })).toHaveText(message);
    await expect(stepHeading(page, 'Upload an image')).toBeVisible();
  };
  await refuse({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not a photo.') }, 'Please select an image file');
  // Random noise does not compress: a PNG just over 5 MB.
  const side = 1330;
  const big = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(big.length).toBeGreaterThan(5_242_880);
  await refuse({ name: 'big.png', mimeType: 'image/png', buffer: big }, 'Image size too large (max 5MB)');
  // Named and typed as a photo, but not one: the portal reads the content, not the name.
  await refuse({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Not a photo, whatever its name says.') }, 'Invalid image format');
  await expectNoAxeViolations(page, '/faces/add, upload with an error');

  // A photo of nobody and a group photo are refused as soon as they are chosen, on the file field, before any naming.
  await fileInput(page).setInputFiles(faceFixture('no-face/white.png'));
  await expect(page.getByRole('status').filter({ hasText: 'Checking the photo for one face' })).toBeVisible();
  await expectFieldError(fileInput(page), NO_FACE);
  await expect(alertSaying(page, NO_FACE)).toHaveText(NO_FACE);
  await expect(stepHeading(page, 'Upload an image')).toBeVisible();
  await expect(nameField(page)).toHaveCount(0);
  await expect(page.getByText('Failed to store face data', { exact: false })).toHaveCount(0);
  await expectNoAxeViolations(page, '/faces/add, a photo with no face refused');

  await fileInput(page).setInputFiles(faceFixture('many-faces/bbt1.jpg'));
  await expect(alertSaying(page, MANY_FACES)).toHaveText(MANY_FACES, { timeout: DETECTOR_TIMEOUT });
  await expect(fileInput(page)).toHaveAccessibleDescription(MANY_FACES);
  await expect(nameField(page)).toHaveCount(0);
  await expect(registered(page)).toHaveCount(0);

  // Choosing another photo, right there, goes on to naming.
  await fileInput(page).setInputFiles(NEUTRAL);
  await expect(stepHeading(page, 'Name this face')).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  await expect(page.getByText(NO_FACE)).toHaveCount(0);
  expect(await listFaces(page, user)).toEqual([]);
});

test('a photo refused by the server after naming says why, without calling it a failure', async ({ signedInPage: page }) => {
  await openAddFace(page);
  await consentAndUpload(page);
  // The check before naming finds one face (as it would for a photo it misjudged); the server, deciding, finds none.
  await page.route('**/face-api/recognize', (route) => route.fulfill({ json: { match: null, faceCount: 1 } }));
  await fileInput(page).setInputFiles(faceFixture('no-face/white.png'));
  await nameField(page).fill('Nobody');
  await registerButton(page).click();
  await expect(alertSaying(page, NO_FACE)).toHaveText(NO_FACE, { timeout: DETECTOR_TIMEOUT });
  await expect(registered(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose another image' })).toBeVisible();
});

test('a name already kept is not a dead end: add this photo to that person, or use a different name', async ({ signedInPage: page, newUser: user }) => {
  await seedFace(page, user, 'Amy', 'people/amy/amy1.png');
  const question = page.getByRole('group', { name: 'You already have Amy.' });

  await openAddFace(page);
  await consentAndUpload(page);
  await fileInput(page).setInputFiles(NEUTRAL);
  await nameField(page).fill(' amy ');
  await expect(question).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You already have Amy.' }), 'announced as it appears').toHaveCount(1);
  await expect(nameField(page)).toHaveAccessibleDescription(/^Name already exists/);
  await expect(registerButton(page)).toBeDisabled();
  // aria-disabled: a click still lands (Playwright would wait for it to be enabled), and only leads back to the name.
  await registerButton(page).click({ force: true });
  await expect(nameField(page)).toBeFocused();
  await expect(registered(page)).toHaveCount(0);
  await expectNoAxeViolations(page, '/faces/add, naming someone already kept');

  // 'Use a different name' empties the name and puts focus there, as the user asked.
  await tabTo(page, question.getByRole('button', { name: 'Use a different name' }));
  await page.keyboard.press('Enter');
  await expect(nameField(page)).toBeFocused();
  await expect(nameField(page)).toHaveValue('');
  await expect(question).toHaveCount(0);
  await page.keyboard.type('AMY');
  await tabTo(page, question.getByRole('button', { name: 'Add this photo to Amy' }));
  await page.keyboard.press('Enter');
  const added = page.getByRole('alertdialog', { name: 'Photo added' });
  await expect(added).toContainText('The photo was added to Amy.', { timeout: DETECTOR_TIMEOUT });
  await expect(added.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/faces$/);
  expect(await listFaces(page, user)).toMatchObject([{ name: 'Amy', photo_count: 2 }]);

  // The list answers without Amy (another device added her): the server refuses the name, and the form then knows.
  // (Another person's photo: this one is now Amy's.)
  await page.route('**/face-api/get_all_faces', (route) => route.fulfill({ json: [] }), { times: 1 });
  await openAddFace(page);
  await consentAndUpload(page);
  await fileInput(page).setInputFiles(faceFixture('people/howard/howard1.png'));
  await nameField(page).fill(' amy ');
  await expect(question).toHaveCount(0);
  await registerButton(page).click();
  const duplicate = 'A face with the name "amy" already exists. Please use a different name.';
  await expect(alertSaying(page, duplicate)).toHaveText(duplicate, { timeout: DETECTOR_TIMEOUT });
  await expect(question).toBeVisible();
  await expect(registered(page)).toHaveCount(0);
  expect((await listFaces(page, user)).map((f) => f.name)).toEqual(['Amy']);
});

test('asks whether a photo that looks like someone kept is them, and only about the photo shown', async ({ signedInPage: page, newUser: user }) => {
  await seedFace(page, user, 'Sheldon', 'people/sheldon/sheldon1.png');
  await openAddFace(page);
  await consentAndUpload(page);
  const question = stepHeading(page, 'This looks like Sheldon.');
  const anyQuestion = page.getByText(/looks like/);
  /** The next answer about who a photo looks like, read by the screen. */
  const nextAnswer = async () => {
    const response = await page.waitForResponse('**/face-api/recognize', { timeout: DETECTOR_TIMEOUT });
    await response.finished();
    // Let the screen render what it did with the answer.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };

  // Sheldon's photo, whose answer is slow: by the time it comes, another photo is shown, and it says nothing about that one.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/face-api/recognize', async (route) => {
    await held;
    await route.continue();
  }, { times: 1 });
  await fileInput(page).setInputFiles(faceFixture('people/sheldon/sheldon3.png'));
  await expect(page.getByRole('status').filter({ hasText: 'Checking the photo for one face' })).toBeVisible();
  // While Sheldon's photo is being checked, the user chooses another one.
  const leonardAnswer = nextAnswer();
  await fileInput(page).setInputFiles(faceFixture('people/leonard/leonard2.png'));
  await leonardAnswer;
  await expect(stepHeading(page, 'Name this face')).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  await expect(anyQuestion).toHaveCount(0);
  const lateAnswer = nextAnswer();
  release();
  await lateAnswer;
  await expect(anyQuestion).toHaveCount(0);

  // Sheldon again: asked first, before anything is stored; 'It's someone else' goes on to naming.
  await page.getByRole('button', { name: 'Choose another image' }).click();
  await fileInput(page).setInputFiles(faceFixture('people/sheldon/sheldon3.png'));
  await expect(question).toBeFocused({ timeout: DETECTOR_TIMEOUT });
  await expect(page.getByRole('img', { name: 'Preview of the face to register' })).toBeVisible();
  await expectNoAxeViolations(page, '/faces/add, asked whether it is someone kept');
  await tabTo(page, page.getByRole('button', { name: "It's someone else" }));
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, 'Name this face')).toBeFocused();
  expect(await listFaces(page, user)).toMatchObject([{ name: 'Sheldon', photo_count: 1 }]);

  // …or the photo goes to Sheldon.
  await page.getByRole('button', { name: 'Choose another image' }).click();
  await fileInput(page).setInputFiles(faceFixture('people/sheldon/sheldon3.png'));
  await expect(question).toBeFocused({ timeout: DETECTOR_TIMEOUT });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add this photo to Sheldon' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Photo added' })).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  expect(await listFaces(page, user)).toMatchObject([{ name: 'Sheldon', photo_count: 2 }]);
});

test('a photo of a person that looks more like someone else is asked about before it is added', async ({ signedInPage: page, newUser: user }) => {
  await seedFace(page, user, 'Penny', 'people/penny/penny1.png');
  await seedFace(page, user, 'Raj', 'people/raj/raj1.png');
  const penny = (await listFaces(page, user)).find((f) => f.name === 'Penny')!;
  await page.goto(`/faces/add?person=${penny.face_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a photo of Penny' })).toBeVisible();
  await consentAndUpload(page);
  await fileInput(page).setInputFiles(faceFixture('people/raj/raj2.png'));
  const question = stepHeading(page, 'This photo looks more like Raj. Add it to Penny anyway?');
  await expect(question).toBeFocused({ timeout: DETECTOR_TIMEOUT });
  await expectNoAxeViolations(page, '/faces/add?person=, a photo of someone else');
  await page.getByRole('button', { name: 'Choose another photo' }).click();
  await expect(stepHeading(page, 'Upload an image')).toBeFocused();
  expect(await listFaces(page, user)).toMatchObject([{ name: 'Penny', photo_count: 1 }, { name: 'Raj', photo_count: 1 }]);

  await fileInput(page).setInputFiles(faceFixture('people/raj/raj2.png'));
  await page.getByRole('button', { name: 'Add it anyway' }).click({ timeout: DETECTOR_TIMEOUT });
  await expect(page.getByRole('alertdialog', { name: 'Photo added' })).toContainText('The photo was added to Penny.', { timeout: DETECTOR_TIMEOUT });
  expect(await listFaces(page, user)).toMatchObject([{ name: 'Penny', photo_count: 2 }, { name: 'Raj', photo_count: 1 }]);
});

test('a photo too dark to keep is refused at once, saying why', async ({ signedInPage: page, newUser: user }) => {
  await openAddFace(page);
  await consentAndUpload(page);
  // The same face, much darker: still found, but too dark to recognise well.
  const dark = await sharp(NEUTRAL).linear(0.15, 0).jpeg().toBuffer();
  await fileInput(page).setInputFiles({ name: 'dark.jpg', mimeType: 'image/jpeg', buffer: dark });
  const tooDark = 'The photo is too dark. Turn on a light or face a window.';
  await expectFieldError(fileInput(page), tooDark);
  await expect(alertSaying(page, tooDark)).toHaveText(tooDark);
  await expect(nameField(page)).toHaveCount(0);
  await expectNoAxeViolations(page, '/faces/add, a photo too dark');
  expect(await listFaces(page, user)).toEqual([]);
});

test('a signed-out visitor is told to log in, then taken to /login', async ({ page }) => {
  await page.goto('/faces/add');
  await expect(page.getByRole('alert')).toHaveText('User not authenticated. Please log in.');
  await expect(heading(page)).toHaveCount(0);
  await page.waitForURL('**/login', { timeout: 6_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to SEVA' })).toBeVisible();
});

test('every step passes axe', async ({ signedInPage: page }) => {
  await openAddFace(page);
  await expectNoAxeViolations(page, '/faces/add, no consent');
  await setChecked(consentBox(page), true);
  await expectNoAxeViolations(page, '/faces/add, consent given');
  await page.getByRole('button', { name: 'Show More' }).click();
  await expectNoAxeViolations(page, '/faces/add, disclaimer open');
  await uploadImage(page).click();
  await expectNoAxeViolations(page, '/faces/add, upload');
  await fileInput(page).setInputFiles(NEUTRAL);
  await expect(stepHeading(page, 'Name this face')).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  await expectNoAxeViolations(page, '/faces/add, naming');
  await nameField(page).fill('x');
  await nameField(page).fill('');
  await expectFieldError(nameField(page), 'Please enter a name');
  await expectNoAxeViolations(page, '/faces/add, naming with a blank name');
});

test('every step reflows at 320 px wide', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await openAddFace(page);
  await setChecked(consentBox(page), true);
  await page.getByRole('button', { name: 'Show More' }).click();
  await expectNoHorizontalScroll(page, '/faces/add, disclaimer open');
  await uploadImage(page).click();
  await expectNoHorizontalScroll(page, '/faces/add, upload');
  await fileInput(page).setInputFiles(NEUTRAL);
  await nameField(page).fill('Grace Brewster Murray Hopper');
  await expect(toSend(page)).toBeVisible();
  await expectNoHorizontalScroll(page, '/faces/add, naming');
});

test('the upload flow works from the keyboard alone, but for the file chooser', async ({ signedInPage: page }) => {
  await openAddFace(page);

  await tabTo(page, consentBox(page));
  await page.keyboard.press('Space');
  await expect(consentBox(page)).toBeChecked();
  await tabTo(page, uploadImage(page));
  await page.keyboard.press('Enter');
  const upload = stepHeading(page, 'Upload an image');
  await expect(upload).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(fileInput(page)).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(NEUTRAL);
  await expect(stepHeading(page, 'Name this face')).toBeFocused({ timeout: DETECTOR_TIMEOUT });

  // Back and forth: each step takes focus at its heading.
  await tabTo(page, page.getByRole('button', { name: 'Choose another image' }));
  await page.keyboard.press('Enter');
  await expect(upload).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'CHANGE METHOD' }));
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, 'Choose how to add the photo')).toBeFocused();
  await expect(consentBox(page)).toBeChecked();
  await tabTo(page, uploadImage(page));
  await page.keyboard.press('Enter');
  await expect(upload).toBeFocused();
  await page.keyboard.press('Tab');
  const again = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await again).setFiles(NEUTRAL);
  await expect(stepHeading(page, 'Name this face')).toBeFocused({ timeout: DETECTOR_TIMEOUT });

  // REGISTER FACE is disabled while the name is blank, yet reachable; pressing it says why and goes to the name.
  await tabTo(page, registerButton(page));
  await expect(registerButton(page)).toBeDisabled();
  await page.keyboard.press('Enter');
  await expect(nameField(page)).toBeFocused();
  await expectFieldError(nameField(page), 'Please enter a name');
  await expect(page.getByRole('status').filter({ hasText: 'Please enter a name' })).toHaveCount(1);
  await page.keyboard.type('Grace Hopper');
  await expect(registerButton(page)).toBeEnabled();
  await page.keyboard.press('Enter');
  const dialog = registered(page);
  await expect(dialog).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  const ok = dialog.getByRole('button', { name: 'OK' });
  await expect(ok).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/faces$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Face Management Console' })).toBeFocused();
  await expect(facesList(page).getByRole('heading', { level: 3 })).toHaveText(['Grace Hopper']);
});

test('a refused camera is explained, and upload is still offered', async ({ signedInPage: page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await openAddFace(page);
  await setChecked(consentBox(page), true);
  await useCamera(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Camera' })).toHaveText(
    'Camera permission was refused. Allow the camera in your browser settings, or upload an image instead.',
  );
  await expect(stepHeading(page, 'Choose how to add the photo')).toBeFocused();
  await expect(uploadImage(page)).toBeEnabled();
  await expectNoAxeViolations(page, '/faces/add, camera refused');
  await uploadImage(page).click();
  await expect(fileInput(page)).toBeVisible();
});

test.describe('with a camera filming a face', () => {
  test.use({ permissions: ['camera'] });

  test('the live preview guides the user to one face, captures a JPEG, and registers it', async ({ signedInPage: page, newUser: user }) => {
    await openAddFace(page);
    await setChecked(consentBox(page), true);
    await useCamera(page).click();
    await expect(stepHeading(page, 'Take a photo')).toBeFocused();

    const preview = page.getByLabel('Camera preview');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.readyState >= 2 && video.videoWidth > 0), { message: 'the camera plays' }).toBe(true);
    const guidance = page.getByRole('status').filter({ hasText: /face/i });
    await expect(guidance).toContainText('One face in view', { timeout: DETECTOR_TIMEOUT });
    await expectNoAxeViolations(page, '/faces/add, camera live');

    // 'CHANGE METHOD' goes back to the choice, with consent kept.
    await page.getByRole('button', { name: 'CHANGE METHOD' }).click();
    await expect(stepHeading(page, 'Choose how to add the photo')).toBeFocused();
    await expect(preview).toHaveCount(0);
    await expect(consentBox(page)).toBeChecked();
    await useCamera(page).click();
    await expect(guidance).toContainText('One face in view', { timeout: DETECTOR_TIMEOUT });

    await page.getByRole('button', { name: 'CAPTURE IMAGE' }).click();
    await expect(stepHeading(page, 'Name this face')).toBeFocused({ timeout: DETECTOR_TIMEOUT });
    const shot = page.getByRole('img', { name: 'Preview of the face to register' });
    await expect(shot).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    expect(await shot.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([480, 360]);
    const dataUrl = (await shot.getAttribute('src')) ?? '';
    await expect(toSend(page).getByRole('definition').last()).toHaveText(`face.jpg (about ${estimatedKb(dataUrl)} KB)`);
    await expect(page.getByRole('button', { name: 'Retake' })).toBeVisible();

    await nameField(page).fill('Camera Person');
    await expect(toSend(page).getByRole('definition').last()).toHaveText(`Camera_Person.jpg (about ${estimatedKb(dataUrl)} KB)`);
    await registerButton(page).click();
    const dialog = registered(page);
    await expect(dialog).toBeVisible({ timeout: DETECTOR_TIMEOUT });
    await expect(dialog.getByRole('definition').last()).toHaveText(/^Camera_Person\.jpg \(about \d+ KB\)$/);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/faces$/);
    await expect(facesList(page).getByRole('heading', { level: 3 })).toHaveText(['Camera Person']);
    expect((await listFaces(page, user)).map((f) => f.name)).toEqual(['Camera Person']);
  });

  test('guidance says what to move, and capturing with no face in view asks first', async ({ signedInPage: page }) => {
    await openAddFace(page);
    await setChecked(consentBox(page), true);
    // The detector's answers, as it would give them for a face high in the frame, then for an empty frame.
    let frame = { width: 320, height: 240, faces: [{ box: { x: 120, y: 0, width: 80, height: 60 }, score: 0.9 }] };
    await page.route('**/face-api/detect_faces', (route) => route.fulfill({ json: frame }));
    await useCamera(page).click();
    const guidance = page.getByRole('status').filter({ hasText: /face/i });
    await expect(guidance).toHaveText('One face in view. Move the camera up.', { timeout: DETECTOR_TIMEOUT });

    frame = { width: 320, height: 240, faces: [] };
    await expect(guidance).toHaveText('No face in view. Hold the camera at eye level, facing you.', { timeout: DETECTOR_TIMEOUT });
    const capture = page.getByRole('button', { name: 'CAPTURE IMAGE' });
    await capture.click();
    const warning = page.getByRole('alertdialog', { name: 'No face in view' });
    await expect(warning).toHaveAccessibleDescription(
      'The camera does not see a face. A photo to register needs exactly one face, so this photo will probably be refused. Capture it anyway?',
    );
    await expectNoAxeViolations(page, '/faces/add, capture with no face in view');
    await warning.getByRole('button', { name: 'Keep framing' }).click();
    await expect(warning).toBeHidden();
    await expect(capture).toBeFocused();
    await expect(stepHeading(page, 'Take a photo')).toBeVisible();

    // Captured anyway: the photo is checked like any other (the camera films a face, so it goes on to naming).
    await capture.click();
    await warning.getByRole('button', { name: 'Capture anyway' }).click();
    await expect(stepHeading(page, 'Name this face')).toBeFocused({ timeout: DETECTOR_TIMEOUT });
  });

  test('/faces/test takes a photo with the camera, asks no consent, and says who it is', async ({ signedInPage: page, newUser: user }) => {
    await seedFace(page, user, 'Nina', 'single/neutral.jpg');
    await page.goto('/faces/test');
    await expect(page.getByRole('heading', { level: 1, name: 'Test recognition' })).toBeVisible();
    await useCamera(page).click();
    await expect(stepHeading(page, 'Take a photo')).toBeFocused();
    const guidance = page.getByRole('status').filter({ hasText: /face/i });
    await expect(guidance).toContainText('One face in view', { timeout: DETECTOR_TIMEOUT });
    const capture = page.getByRole('button', { name: 'CAPTURE IMAGE' });
    await capture.click();
    const answer = page.getByRole('region', { name: 'Answer' }).getByRole('status');
    await expect(answer).toHaveText(/^This is Nina\. (Very sure|Fairly sure)/, { timeout: DETECTOR_TIMEOUT });
    // The answer is heard; focus stays on the button, ready for another photo.
    await expect(capture).toBeFocused();
    await expectNoAxeViolations(page, '/faces/test, a camera photo recognised');
  });
});
