import type { Locator, Page } from '@playwright/test';
import { newestMailTo, outboxOf } from '../test-kit/eml-outbox.ts';
import type { Answer } from '../test-kit/transport.ts';
import { expectFocusedResult } from './support/action-result.ts';
import { admin } from './support/admin-cli.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFieldError } from './support/field-error.ts';
import { expectNothingElseSaid, expectProblem } from './support/error-summary.ts';
import { expect, test } from './support/fixtures.ts';
import { addFace, askForCode, bearer, pollToken, sync } from './support/glasses.ts';
import { tabAndType, tabTo } from './support/keyboard.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { E2E_DATA_DIR } from './support/outbox.ts';

// The glasses connect (issue #10): pairing by the OAuth device grant on /pair, sync, installed features on /updates,
// and 'Paired glasses' on /profile. The glasses are Playwright's request context: no cookies, their own token.
test.describe.configure({ mode: 'parallel' });

/** RFC 8628 user codes: 8 symbols without look-alikes (no vowels, no 0/O, 1/I/L), said as XXXX-XXXX. */
const USER_CODE = /^[BCDFGHJKMNPQRSTVWXZ2-9]{4}-[BCDFGHJKMNPQRSTVWXZ2-9]{4}$/;
/** What glasses that ask for no scope may do, as /pair lists it. */
const GRANTS = [
  'the names of your faces and their face descriptions (not the pictures), to recognise people',
  'your emergency contacts',
  'a live notice when any of these change, so they sync at once',
  'the download links of the SEVA features, and report which ones the glasses run',
];
/**
 * What /pair shows of a request: the glasses, the account they will join as the glasses will say it, the code, when it
 * was made, the time left and its network in words (the address range behind 'Details').
 */
const requestDetails = (name: string, user: { username: string; email: string }, code: string) => [
  name,
  `${user.username}, ${user.email[0]}••••@${user.email.split('@')[1]}`,
  code,
  /\((less than a minute|1 minute|\d+ minutes) ago\)$/,
  /^(\d+ minutes|less than 1 minute) left$/,
  /^Same network as you\.\s*Details/,
];
const LINK_WARNING =
  'This code came inside a link, not from your glasses. Allow only if your own glasses are saying this code right now: whoever sent the link could otherwise reach your account with their glasses.';
const READ_LINK = 'https://example.com/read-for-me.apk';
const MAGNIFY_LINK = 'https://example.com/magnify.apk';
const OUTBOX = outboxOf(E2E_DATA_DIR);

async function expectOAuthError(answer: Promise<Answer>, error: string): Promise<void> {
  const { status, json } = await answer;
  expect(status).toBe(400);
  expect(json).toMatchObject({ error });
}

/**
 * Glasses that ask again before `interval` seconds have passed hear slow_down rather than authorization_pending
 * (RFC 8628 §3.5): how soon the test asks depends on how fast the page was, and both say "not paired yet".
 */
async function expectNotPairedYet(answer: Promise<Answer>): Promise<void> {
  const { status, json } = await answer;
  expect(status).toBe(400);
  expect(['authorization_pending', 'slow_down']).toContain((json as { error?: string }).error);
}

const pairHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Pair your glasses' });
const codeField = (page: Page) => page.getByRole('textbox', { name: 'Pairing code' });
const passwordField = (page: Page) => page.getByLabel('Your password', { exact: true });
const waiting = (page: Page) => page.getByRole('region', { name: 'Glasses waiting to pair' });
const status = (page: Page) => page.getByRole('main').getByRole('status');
const pairedGlasses = (page: Page) => page.getByRole('region', { name: 'Paired glasses' });
const deviceRow = (page: Page, name: string) => pairedGlasses(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
/** The value a term of a device's details shows (its <dd>). */
const valueOf = (row: Locator, term: string) => row.locator(`dt:text-is("${term}") + dd`);
const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Shows feature `n` (1-based) of the /updates carousel by its dot. */
async function showFeature(page: Page, n: number, name: string): Promise<Locator> {
  const carousel = page.getByRole('region', { name: 'SEVA features' });
  await carousel.getByRole('button', { name: new RegExp(`^Show feature ${n}: ${name}(, .+)?$`) }).click();
  const slide = carousel.locator('[aria-roledescription="slide"]');
  await expect(slide.getByRole('heading', { level: 2 })).toHaveText(name);
  return slide;
}

test.beforeAll(() => {
  // The same links as updates.spec.ts sets, so the two specs may run side by side.
  admin('feature', 'set', 'read_for_me', READ_LINK);
  admin('feature', 'set', 'magnify', MAGNIFY_LINK);
});

test('glasses paired by a code typed on /pair with the keyboard get their token, sync a new face, report what they run, and lose access when unpaired', async ({
  signedInPage: page,
  newUser: user,
  request: device,
}) => {
  test.setTimeout(120_000);
  const code = await askForCode(device, 'Kitchen glasses');
  expect(code.user_code).toMatch(USER_CODE);
  expect(code.verification_uri).toMatch(/^http:\/\/localhost:\d+\/pair$/);
  expect(code.verification_uri_complete).toBe(`${code.verification_uri}?code=${code.user_code}`);
  expect(code).toMatchObject({ expires_in: 600, interval: 5 });
  await expectOAuthError(pollToken(device, code.device_code), 'authorization_pending');

  // No glasses yet: the profile says so and leads to /pair.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
  await expect(pairedGlasses(page).getByText('No glasses paired yet.')).toBeVisible();
  await expectNoAxeViolations(page, '/profile, no glasses paired');
  await tabTo(page, pairedGlasses(page).getByRole('link', { name: 'Pair your glasses' }), { maxPresses: 40 });
  await page.keyboard.press('Enter');
  await expect(pairHeading(page)).toBeFocused();
  await expect(page).toHaveTitle('Pair your glasses · SEVA portal');
  // The navigation says where the user is: no entry of its own is current, and 'Current:' names the screen.
  await expect(page.getByText('Current: Pair your glasses', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveCount(0);
  await expectNoAxeViolations(page, '/pair, code entry');

  // Typed as it is heard: lower case, a space where the dash is.
  await tabAndType(page, codeField(page), code.user_code.toLowerCase().replace('-', ' '));
  await page.keyboard.press('Enter');
  await expect(waiting(page)).toBeVisible();
  await expect(pairHeading(page)).toBeFocused();
  await expect(status(page)).toHaveText(`Code ${code.user_code} checked. Glasses waiting to pair: Kitchen glasses.`);
  await expect(waiting(page).getByRole('definition')).toHaveText(requestDetails('Kitchen glasses', user, code.user_code));
  await expect(waiting(page).getByRole('listitem')).toHaveText(GRANTS);
  // Typed from the glasses, not opened from a link: no warning.
  await expect(waiting(page).getByText(LINK_WARNING)).toHaveCount(0);
  await expectNoAxeViolations(page, '/pair, code checked');
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, '/pair at 320 px, code checked');
  await page.setViewportSize({ width: 1280, height: 720 });

  // 'Allow' asks for the password: a wrong one is refused on the field, and nothing is paired.
  await tabAndType(page, passwordField(page), 'Not-my-password-7');
  await page.keyboard.press('Enter');
  await expectFieldError(passwordField(page), 'Invalid password');
  await expectProblem(page, 'Invalid password');
  await expectNothingElseSaid(page);
  await expectNoAxeViolations(page, '/pair, wrong password');
  await expectNotPairedYet(pollToken(device, code.device_code));
  await passwordField(page).fill(user.password);
  await tabTo(page, waiting(page).getByRole('button', { name: 'Allow' }));
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Glasses paired');
  await expect(pairHeading(page)).toBeFocused();
  await expectNoAxeViolations(page, '/pair, paired');
  await expect.poll(() => newestMailTo(OUTBOX, user.email) ?? '').toContain('Subject: New glasses paired with your SEVA account');

  // Paired, but not seen until the glasses first call with their token.
  await navLink(page, 'Profile').click();
  const kitchen = deviceRow(page, 'Kitchen glasses');
  await expect(valueOf(kitchen, 'Last seen')).toHaveText('Never');
  await expect(valueOf(kitchen, 'Paired')).not.toBeEmpty();

  const issued = await pollToken(device, code.device_code);
  expect(issued.status, issued.text).toBe(200);
  const { access_token: token, token_type: tokenType, scope, username } = issued.json as { access_token: string; token_type: string; scope: string; username: string };
  expect([tokenType, scope, username]).toEqual(['Bearer', 'faces:read contacts:read events features', user.username]);
  // A device code yields one token, once.
  await expectOAuthError(pollToken(device, code.device_code), 'invalid_grant');

  const first = await sync(device, token);
  expect(first).toMatchObject({ email: user.email, faces: [], deleted_face_ids: [] });

  // A face taught in the portal reaches the glasses' next sync, as a description (128 numbers, compact), not a picture.
  await addFace(page, 'Ada Lovelace');
  const delta = await sync(device, token, first.cursor);
  expect(delta.faces.map((face) => face.name)).toEqual(['Ada Lovelace']);
  expect(delta.faces[0]!.photos).toHaveLength(1);
  expect(Buffer.from(delta.faces[0]!.photos[0]!.descriptor, 'base64')).toHaveLength(4 + 128);
  expect(delta.faces[0]).not.toHaveProperty('image');
  // Nor can the token fetch the picture: it was not given the images scope.
  const picture = await device.get(`/face-api/image/${delta.faces[0]!.face_id}`, { headers: bearer(token) });
  expect(picture.status()).toBe(403);
  expect(picture.headers()['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="faces:images"');
  expect(await picture.json()).toMatchObject({ code: 'insufficient_scope' });

  // The glasses run Read For Me 1.0 (current) and Magnify 0.9 (older).
  const reported = await device.put('/device-api/installed-features', { headers: bearer(token), data: { features: { read_for_me: '1.0', magnify: '0.9' } } });
  expect(reported.status(), await reported.text()).toBe(200);
  await navLink(page, 'Updates').click();
  const readForMe = await showFeature(page, 5, 'Read For Me');
  await expect(readForMe.getByText('Up to date', { exact: true })).toBeVisible();
  await expect(readForMe.getByRole('img')).toHaveCount(0);
  const magnify = await showFeature(page, 8, 'Magnify');
  await expect(magnify.getByRole('img', { name: 'QR code to install or update Magnify' })).toBeVisible();
  await expect(magnify.getByText('Your glasses run version 0.9; the current version is 1.0.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Available now' }).getByRole('link', { name: 'Read For Me' })).toHaveCount(0);

  // The profile shows when the glasses were last seen; 'Unpair' asks first, then cuts them off at once.
  await navLink(page, 'Profile').click();
  await expect(valueOf(kitchen, 'Last seen')).not.toHaveText('Never');
  await expect(valueOf(kitchen, 'Last seen').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expectNoAxeViolations(page, '/profile, glasses paired');
  const unpair = kitchen.getByRole('button', { name: 'Unpair Kitchen glasses' });
  await expect(unpair).toHaveText('Unpair');
  await unpair.click();
  const dialog = page.getByRole('alertdialog', { name: 'Unpair Kitchen glasses?' });
  await expect(dialog).toBeVisible();
  // They are the only pair: the dialog says first that emergency calling stops.
  await expect(dialog.locator('p').first()).toHaveText('Your glasses will stop calling your emergency contacts. These are your only paired glasses.');
  await expectNoAxeViolations(page, '/profile, unpair dialog');
  await dialog.getByRole('button', { name: 'Unpair' }).click();
  await expectFocusedResult(pairedGlasses(page), 'Kitchen glasses unpaired. They can no longer reach your account.');
  await expect(pairedGlasses(page).getByText('No glasses paired yet.')).toBeVisible();

  const refused = await device.get('/device-api/sync', { headers: bearer(token) });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toBe('Bearer error="invalid_token"');
  // What unpaired glasses ran no longer counts: Read For Me offers its QR code again.
  await navLink(page, 'Updates').click();
  await expect((await showFeature(page, 5, 'Read For Me')).getByRole('img', { name: 'QR code to install or update Read For Me' })).toBeVisible();
});

test('a signed-out visitor opening the glasses\u2019 link signs in, comes back to /pair with the code kept, and denies', async ({ page, newUser: user, request: device }) => {
  const code = await askForCode(device, 'Hall glasses');
  await page.goto(code.verification_uri_complete);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('License ID').fill(user.licenseId);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();

  await expect(pairHeading(page)).toBeFocused();
  expect(new URL(page.url()).search).toBe(`?code=${code.user_code}`);
  await expect(codeField(page)).toHaveValue(code.user_code);
  await expect(codeField(page)).toHaveAccessibleDescription(/Check that it is the code your glasses say\.$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(waiting(page).getByRole('definition')).toHaveText(requestDetails('Hall glasses', user, code.user_code));
  // The code came inside a link: /pair says so before anything is allowed.
  await expect(waiting(page).getByText(LINK_WARNING)).toBeVisible();

  await waiting(page).getByRole('button', { name: 'Deny' }).click();
  await expect(status(page)).toHaveText('Pairing refused. The glasses were not paired.');
  await expect(pairHeading(page)).toBeFocused();
  await expectNoAxeViolations(page, '/pair, denied');
  await expectOAuthError(pollToken(device, code.device_code), 'access_denied');

  // The code cannot be answered twice.
  await page.getByRole('button', { name: 'Pair other glasses' }).click();
  await codeField(page).fill(code.user_code);
  await page.getByRole('button', { name: 'Continue' }).click();
  const used = 'This pairing code has already been used. Please ask the glasses for a new one.';
  await expectProblem(page, used);
  await expectNothingElseSaid(page);
  await expectFieldError(codeField(page), used);
  await expectNoAxeViolations(page, '/pair, code refused');
});

test('a code no glasses wait for, or one mistyped, says why and pairs nothing', async ({ signedInPage: page }) => {
  await page.goto('/pair');
  await expect(pairHeading(page)).toBeVisible();
  // Right shape, but no glasses asked for it (a code is never drawn twice in a test run: 27^8 codes).
  await codeField(page).fill('BBBB-BBBB');
  await page.getByRole('button', { name: 'Continue' }).click();
  const unknown = 'No glasses are waiting for this code. Please check the code, or ask the glasses for a new one.';
  await expectProblem(page, unknown);
  await expectFieldError(codeField(page), unknown);
  await expectNoAxeViolations(page, '/pair, unknown code');

  // A look-alike (O for 0) is refused by the form, before any attempt is counted.
  await codeField(page).fill('BOBB-BBBB');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectFieldError(codeField(page), 'A pairing code has 8 letters and digits, like KXRT-7M4P. Please check the code the glasses say.');
  await expect(waiting(page)).toHaveCount(0);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, '/pair at 320 px, code refused');
});
