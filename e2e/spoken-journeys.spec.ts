import type { Page } from '@playwright/test';
import { card } from './support/emergency-contacts.ts';
import { expect, test } from './support/fixtures.ts';
import { askForCode, DETECTOR_TIMEOUT } from './support/glasses.ts';
import { tabAndType, tabTo } from './support/keyboard.ts';
import { ScreenReader } from './support/screen-reader.ts';
import { signUpFields } from './support/signup-form.ts';
import { expectTranscript } from './support/transcript.ts';
import { uninvitedHelper } from '../test-kit/helper-flow.ts';
import { faceFixture } from '../test-kit/test-data.ts';
import { unregisteredUser } from '../test-kit/test-user.ts';

// What a screen reader says along the main journeys, keyboard alone (D-066). Each transcript is
// e2e/transcripts/<journey>.txt; `UPDATE_TRANSCRIPTS=1 E2E_PORT=3111 npx playwright test e2e/spoken-journeys.spec.ts`
// rewrites them once the rules in support/transcript.ts hold.
test.describe.configure({ mode: 'parallel' });

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const mainStatus = (page: Page) => page.getByRole('main').getByRole('status');

/** Starts listening, opens `path` and takes down what its first moment says. */
async function openListening(page: Page, path: string): Promise<ScreenReader> {
  const reader = await ScreenReader.on(page);
  await page.goto(path);
  await reader.pageOpened();
  return reader;
}

test('sign in', async ({ page, newUser: user }) => {
  const reader = await openListening(page, '/login');
  await tabAndType(page, page.getByLabel('License ID'), user.licenseId);
  await tabAndType(page, page.getByLabel('Password', { exact: true }), user.password);
  await page.keyboard.press('Enter');
  await expect(h1(page, 'My Dashboard')).toBeFocused();
  await reader.listen();
  expectTranscript('sign-in', reader.spoken, { announced: [] });
});

test('sign up', async ({ page }) => {
  const user = unregisteredUser();
  const f = signUpFields(page);
  const reader = await openListening(page, '/signup');
  await tabAndType(page, f.username, user.username);
  await tabAndType(page, f.email, user.email);
  await tabTo(page, f.country);
  await tabAndType(page, f.phone, user.phoneNumber);
  await tabAndType(page, f.licenseId, user.licenseId);
  await tabAndType(page, f.password, user.password);
  await tabAndType(page, f.confirmPassword, user.password);
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Verification Sent')).toBeFocused();
  await expect(page.getByRole('status')).toContainText(`We sent a verification link to ${user.email}`);
  await reader.listen();
  expectTranscript('sign-up', reader.spoken, { announced: ['We sent a verification link to'] });
});

test('add a face by upload', async ({ signedInPage: page }) => {
  // The detector's first photo in a worker is slow on a busy machine.
  test.setTimeout(240_000);
  const detector = { timeout: 3 * DETECTOR_TIMEOUT };
  const reader = await openListening(page, '/faces/add');
  await tabTo(page, page.getByRole('checkbox', { name: /^I have the consent of the person in the photo/ }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'UPLOAD IMAGE' }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(faceFixture('single/neutral.jpg'));
  await expect(page.getByRole('heading', { level: 2, name: 'Name this face' })).toBeFocused(detector);
  await reader.listen();
  await tabAndType(page, page.getByRole('textbox', { name: 'Name' }), 'Grace Hopper');
  await tabTo(page, page.getByRole('button', { name: 'REGISTER FACE' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Face registered' }).getByRole('button', { name: 'OK' })).toBeFocused(detector);
  await reader.listen();
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Face Management Console')).toBeFocused();
  await reader.listen();
  expectTranscript('add-face', reader.spoken, { announced: [] });
});

test('Emergency Setup: two contacts saved', async ({ signedInPage: page }) => {
  const reader = await openListening(page, '/sos');
  const primary = card(page, 'Primary');
  const secondary = card(page, 'Secondary');
  await tabAndType(page, primary.name, 'Asha Rao');
  await tabTo(page, primary.country);
  await page.keyboard.press('ArrowUp');
  await tabAndType(page, primary.phone, '07700 900123');
  await tabAndType(page, secondary.name, 'Tom Lee');
  await tabTo(page, secondary.country);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await tabAndType(page, secondary.phone, '050 123 4567');
  await page.keyboard.press('Enter');
  // Said once, as focus reaches it above the saved contacts: it is no live region (D-077).
  await expect(page.getByRole('heading', { name: 'Emergency contacts saved successfully' })).toBeFocused();
  await reader.listen();
  expect(reader.spoken.filter((said) => said.text.includes('Emergency contacts saved successfully')), 'said once').toHaveLength(1);
  expectTranscript('emergency-setup', reader.spoken, { announced: [] });
});

test('pair glasses', async ({ signedInPage: page, newUser: user, request: glasses }) => {
  const code = await askForCode(glasses, 'Kitchen glasses');
  const reader = await openListening(page, '/pair');
  await tabAndType(page, page.getByRole('textbox', { name: 'Pairing code' }), code.user_code);
  await page.keyboard.press('Enter');
  await expect(mainStatus(page)).toHaveText(`Code ${code.user_code} checked. Glasses waiting to pair: Kitchen glasses.`);
  await reader.listen();
  await tabAndType(page, page.getByLabel('Your password', { exact: true }), user.password);
  await tabTo(page, page.getByRole('region', { name: 'Glasses waiting to pair' }).getByRole('button', { name: 'Allow' }));
  await page.keyboard.press('Enter');
  await expect(mainStatus(page)).toHaveText('Glasses paired');
  await reader.listen();
  expectTranscript('pair-glasses', reader.spoken, { announced: ['checked. Glasses waiting to pair', 'Glasses paired'] });
});

test('invite a helper', async ({ signedInPage: page }) => {
  const helper = uninvitedHelper();
  const reader = await openListening(page, '/profile');
  await tabTo(page, page.getByRole('region', { name: 'Helpers' }).getByRole('button', { name: 'Invite a helper' }), { maxPresses: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite a helper' });
  await expect(dialog.getByRole('textbox', { name: "Helper's name" })).toBeFocused();
  await page.keyboard.type(helper.name);
  await tabAndType(page, dialog.getByRole('textbox', { name: "Helper's email" }), helper.email);
  await page.keyboard.press('Enter');
  // Said once, as focus reaches it in the section: it is no live region (D-077).
  await expect(page.getByRole('region', { name: 'Helpers' }).getByRole('heading', { name: `Invitation sent to ${helper.email}.` })).toBeFocused();
  await reader.listen();
  expect(reader.spoken.filter((said) => said.text.includes('Invitation sent to')), 'said once').toHaveLength(1);
  expectTranscript('invite-helper', reader.spoken, { announced: [] });
});

// The footer's 'Language' control, found by role and name only: it is being rebuilt, and this transcript is then
// regenerated with UPDATE_TRANSCRIPTS=1.
test('change the language', async ({ page }) => {
  const reader = await openListening(page, '/login');
  const language = page.getByRole('group', { name: /^(Language|भाषा)$/ });
  await tabTo(page, language.getByRole('button', { name: /^हिन्दी/ }), { maxPresses: 40 });
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await reader.listen();
  await tabTo(page, language.getByRole('button', { name: 'English' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await reader.listen();
  expectTranscript('change-language', reader.spoken, { announced: [] });
});
