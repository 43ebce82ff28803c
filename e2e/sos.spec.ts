import type { Page } from '@playwright/test';
import { actionResult, expectFocusedResult } from './support/action-result.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFieldError } from './support/field-error.ts';
import { errorSummary, expectNothingElseSaid, expectProblem } from './support/error-summary.ts';
import { tabAndType, tabTo } from './support/keyboard.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/fixtures.ts';
import { card, type Slot } from './support/emergency-contacts.ts';
import { pasteInto } from './support/paste.ts';
import { openDashboard, signIn } from './support/sign-in.ts';
import { registerVerifiedUser } from '../test-kit/sign-up-flow.ts';

// /sos, Emergency Contacts (product §2, §3, §4, §5, §8), against the real server.
test.describe.configure({ mode: 'parallel' });

const INTRO = 'Add contact information for people we should reach in case of an emergency. Primary contact is required.';
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Emergency Contacts' });
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Contacts' });
const editButton = (page: Page) => page.getByRole('button', { name: 'Edit Contacts' });
const SAVED = 'Emergency contacts saved successfully';
/** What saving did: above the saved contacts, where the form was, with focus (D-077). */
const expectSaved = (page: Page) => expectFocusedResult(page.getByRole('main'), SAVED);

/** One card in read mode, by its heading. */
const savedCard = (page: Page, slot: Slot) => page.getByRole('region', { name: `${slot} Contact` });

/** Opens /sos through the navigation, as a user would; the heading takes focus. */
async function openSos(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Emergency Setup', exact: true }).click();
  await expect(heading(page)).toBeFocused();
}

async function fillContact(page: Page, slot: Slot, name: string, country: string, phone: string): Promise<void> {
  const c = card(page, slot);
  await c.name.fill(name);
  await c.country.selectOption({ label: country });
  await c.phone.fill(phone);
}

/** Saves a primary and a secondary through the screen and waits for read mode. */
async function saveBoth(page: Page): Promise<void> {
  await fillContact(page, 'Primary', 'Asha Rao', 'India (+91)', '9876543210');
  await fillContact(page, 'Secondary', 'Tom Lee', 'Australia (+61)', '412345678');
  await saveButton(page).click();
  await expectSaved(page);
  await expect(editButton(page)).toBeVisible();
}

test('first visit opens edit mode, and every rule says its message', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openSos(page);
  await expect(page.getByText(INTRO)).toBeVisible();

  const primary = card(page, 'Primary');
  const secondary = card(page, 'Secondary');
  await expect(primary.group).toContainText('Required');
  await expect(secondary.group).toContainText('Optional');
  await expect(editButton(page)).toHaveCount(0);
  // Country codes read 'name (code)', sorted by country name, one per country; the user's own country (a US
  // number here) first chosen.
  await expect(primary.country.locator('option:checked')).toHaveText('USA (+1)');
  await expect(secondary.country.locator('option:checked')).toHaveText('USA (+1)');
  const labels = await primary.country.locator('option').allTextContents();
  expect(labels).toHaveLength(19);
  expect(labels.filter((l) => l.endsWith('(+44)'))).toEqual(['United Kingdom (+44)']);
  for (const label of labels) expect(label).toMatch(/^[A-Za-z ]+ \(\+\d+\)$/);
  const names = labels.map((l) => l.replace(/ \(\+\d+\)$/, ''));
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  await expect(primary.phone).toHaveAttribute('placeholder', 'Required (10 digits)');
  await expect(secondary.phone).toHaveAttribute('placeholder', 'Optional (10 digits)');
  await expectNoAxeViolations(page, '/sos edit mode');

  await saveButton(page).click();
  await expectProblem(page, 'Primary emergency contact is required');
  await expectNothingElseSaid(page);
  await expectFieldError(primary.name, 'Primary emergency contact is required');
  await expectNoAxeViolations(page, '/sos edit mode with errors');

  // Digits only: a letter is kept and named; the count is checked as the user types.
  await primary.country.selectOption({ label: 'India (+91)' });
  await primary.phone.pressSequentially('98a');
  await expect(primary.phone).toHaveValue('98a');
  await expectFieldError(primary.phone, 'Only numbers allowed');
  await primary.phone.press('Backspace');
  await primary.phone.pressSequentially('7');
  await expectFieldError(primary.phone, 'Phone number must be 10 digits for India');
  await primary.name.fill('Asha Rao');
  // The refusal about the blank name goes once the name is there.
  await expect(errorSummary(page)).not.toContainText('Primary emergency contact is required');
  await saveButton(page).click();
  await expectProblem(page, 'Please fix phone number validation errors');
  await expectFieldError(primary.phone, 'Phone number must be 10 digits for India');
  await errorSummary(page).getByRole('link', { name: 'Phone number must be 10 digits for India' }).click();
  await expect(primary.phone).toBeFocused();

  // Too many digits are kept and named, never cut off; Malaysia takes 8, 9 or 10.
  await primary.phone.fill('98765432101234');
  await expect(primary.phone).toHaveValue('98765432101234');
  await expectFieldError(primary.phone, 'Phone number must be 10 digits for India');
  await primary.country.selectOption({ label: 'Norway (+47)' });
  await expect(primary.phone).toHaveValue('98765432101234');
  await expectFieldError(primary.phone, 'Phone number must be 8 digits for Norway');
  await expect(primary.phone).toHaveAttribute('placeholder', 'Required (8 digits)');
  await primary.country.selectOption({ label: 'Malaysia (+60)' });
  await expect(primary.phone).toHaveAttribute('placeholder', 'Required (8, 9 or 10 digits)');
  await primary.phone.fill('9876543');
  await expectFieldError(primary.phone, 'Phone number must be 8, 9 or 10 digits for Malaysia');
  await primary.phone.fill('987654321');
  await expect(primary.phone).not.toHaveAttribute('aria-invalid', 'true');

  // A secondary with only a name, or only a phone, is neither saved nor dropped silently.
  await secondary.name.fill('Tom Lee');
  await saveButton(page).click();
  await expectProblem(page, 'Please complete or clear secondary contact information');
  await expectFieldError(secondary.phone, 'Please complete or clear secondary contact information');
  await secondary.name.fill('');
  await secondary.phone.fill('12345');
  await expectFieldError(secondary.phone, 'Phone number must be 10 digits for USA');
  await saveButton(page).click();
  await expectProblem(page, 'Please fix phone number validation errors');
  await secondary.phone.fill('2025550123');
  await saveButton(page).click();
  await expectProblem(page, 'Please complete or clear secondary contact information');
  await expectFieldError(secondary.name, 'Please complete or clear secondary contact information');

  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, '/sos edit mode at 320 px');

  // Nothing was saved along the way.
  await page.reload();
  await expect(card(page, 'Primary').name).toHaveValue('');
});

test('saves both, shows them in read mode, edits again and clears the secondary', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openSos(page);
  await fillContact(page, 'Primary', 'Asha Rao', 'India (+91)', '9876543210');
  await fillContact(page, 'Secondary', 'Tom Lee', 'Australia (+61)', '412345678');

  // Hold the request to see the busy button.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contacts', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.fallback();
  });
  await saveButton(page).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-disabled', 'true');
  release();

  const saved = await expectSaved(page);
  await expectNothingElseSaid(page);
  // Above the saved contacts, where the form was.
  expect(await saved.evaluate((element) => element.nextElementSibling?.classList.contains('sos-cards'))).toBe(true);
  await expect(savedCard(page, 'Primary').getByRole('definition')).toHaveText(['Asha Rao', '+91 98765 43210']);
  await expect(savedCard(page, 'Secondary').getByRole('definition')).toHaveText(['Tom Lee', '+61 412 345 678']);
  await expect(savedCard(page, 'Primary').getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
  await expect(savedCard(page, 'Primary')).toContainText('Required');
  await expect(savedCard(page, 'Secondary')).toContainText('Optional');
  await expect(saveButton(page)).toHaveCount(0);
  await expectNoAxeViolations(page, '/sos read mode');
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page, '/sos read mode at 320 px');
  // It stays until the next action, never on a timer (D-077).
  await expect(saved).toBeVisible();
  await expect(saved).toBeFocused();

  // Saved contacts open in read mode; what the last visit did is not said again.
  await page.reload();
  await expect(savedCard(page, 'Secondary').getByRole('definition')).toHaveText(['Tom Lee', '+61 412 345 678']);
  await expect(actionResult(page.getByRole('main'), SAVED)).toHaveCount(0);

  await editButton(page).click();
  const secondary = card(page, 'Secondary');
  await expect(card(page, 'Primary').name).toBeFocused();
  await expect(card(page, 'Primary').name).toHaveValue('Asha Rao');
  // Each number reopens as its read view shows it, without the country code: nothing looks changed.
  await expect(card(page, 'Primary').phone).toHaveValue('98765 43210');
  await expect(secondary.country.locator('option:checked')).toHaveText('Australia (+61)');
  await expect(secondary.phone).toHaveValue('412 345 678');
  await secondary.name.fill('');
  await secondary.phone.fill('');
  await saveButton(page).click();
  await expectSaved(page);
  await expect(savedCard(page, 'Secondary')).toContainText('Not provided');
  await expect(savedCard(page, 'Secondary').getByRole('definition')).toHaveCount(0);

  // 'Edit Contacts' is the next action: the result goes. Cancel goes back to read mode unchanged, focus on 'Edit Contacts'.
  await editButton(page).click();
  await expect(actionResult(page.getByRole('main'), SAVED)).toHaveCount(0);
  await card(page, 'Primary').name.fill('Someone Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(editButton(page)).toBeFocused();
  await expect(savedCard(page, 'Primary').getByRole('definition')).toHaveText(['Asha Rao', '+91 98765 43210']);
});

test('saving is both or neither: a failed save says so and keeps the old contacts', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openSos(page);
  await saveBoth(page);

  await editButton(page).click();
  await fillContact(page, 'Primary', 'Changed Primary', 'USA (+1)', '2025550123');
  await fillContact(page, 'Secondary', 'Changed Secondary', 'United Kingdom (+44)', '2079460958');
  await page.route('**/api/contacts', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }) : route.fallback(),
  );
  await saveButton(page).click();
  await expectProblem(page, 'Failed to save contacts. Please try again.');
  await expect(card(page, 'Primary').name).toHaveValue('Changed Primary');
  await page.unroute('**/api/contacts');

  // A request that the server refuses in part changes nothing either.
  const refused = await page.request.put('/api/contacts', {
    data: { primary: { name: 'Changed Primary', countryCode: '+1', phoneNumber: '2025550123' }, secondary: { name: 'Half', countryCode: '+91', phoneNumber: '12' } },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe('Please fix phone number validation errors');

  await page.reload();
  await expect(savedCard(page, 'Primary').getByRole('definition')).toHaveText(['Asha Rao', '+91 98765 43210']);
  await expect(savedCard(page, 'Secondary').getByRole('definition')).toHaveText(['Tom Lee', '+61 412 345 678']);
});

test('contacts that cannot be loaded open edit mode and say so', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await page.route('**/api/contacts', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }) : route.fallback(),
  );
  await openSos(page);
  await expect(alert(page)).toHaveText('Your saved contacts could not be loaded. You can enter them again below.');
  await expect(card(page, 'Primary').name).toBeVisible();
  await expect(card(page, 'Primary').name).toHaveValue('');
});

test('/sos can be completed with the keyboard alone', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Emergency Setup', exact: true }));
  await page.keyboard.press('Enter');
  await expect(heading(page)).toBeFocused();

  const primary = card(page, 'Primary');
  const secondary = card(page, 'Secondary');
  await tabAndType(page, primary.name, 'Asha Rao');
  await tabTo(page, primary.country);
  await page.keyboard.press('ArrowUp');
  await expect(primary.country.locator('option:checked')).toHaveText('United Kingdom (+44)');
  await tabAndType(page, primary.phone, '07700 900123');
  await tabAndType(page, secondary.name, 'Tom Lee');
  await tabTo(page, secondary.country);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(secondary.country.locator('option:checked')).toHaveText('UAE (+971)');
  await tabAndType(page, secondary.phone, '050 123 4567');
  await page.keyboard.press('Enter');

  await expectSaved(page);
  await expect(savedCard(page, 'Primary').getByRole('definition')).toHaveText(['Asha Rao', '+44 7700 900123']);
  await expect(savedCard(page, 'Secondary').getByRole('definition')).toHaveText(['Tom Lee', '+971 50 123 4567']);

  await tabTo(page, editButton(page));
  await page.keyboard.press('Enter');
  await expect(primary.name).toBeFocused();
  await tabTo(page, secondary.name);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await tabTo(page, secondary.phone);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await tabTo(page, saveButton(page));
  await page.keyboard.press('Enter');
  await expectSaved(page);
  await expect(savedCard(page, 'Secondary')).toContainText('Not provided');
});

test('a UK number typed and pasted, as written at home and internationally, is saved whole and read back grouped', async ({ page, portal }) => {
  // A user whose own number is British: contacts start in United Kingdom.
  const user = await registerVerifiedUser(portal, { countryCode: '+44', phoneNumber: '07700 900111' });
  await signIn(page, user);
  await openSos(page);
  const primary = card(page, 'Primary');
  const secondary = card(page, 'Secondary');
  await expect(primary.country.locator('option:checked')).toHaveText('United Kingdom (+44)');
  await expect(secondary.country.locator('option:checked')).toHaveText('United Kingdom (+44)');

  // Typed as at home: every digit stays (it used to become 0770090012), and the reading is said before saving.
  await primary.name.fill('Tom Lee');
  await primary.phone.pressSequentially('07700900123');
  await expect(primary.phone).toHaveValue('07700900123');
  await expect(primary.phone).toHaveAccessibleDescription(/Will be saved as \+44 7700 900123\.$/);
  // Pasted in international form (it used to become 4477009).
  await secondary.name.fill('Asha Rao');
  await pasteInto(page, secondary.phone, '+44 7700 900124');
  await expect(secondary.phone).toHaveValue('+44 7700 900124');
  await expect(secondary.phone).toHaveAccessibleDescription(/Will be saved as \+44 7700 900124\.$/);
  await expectNoAxeViolations(page, '/sos with numbers read back');
  await saveButton(page).click();
  await expectSaved(page);
  await expect(savedCard(page, 'Primary').getByRole('link', { name: '+44 7700 900123' })).toHaveAttribute('href', 'tel:+447700900123');
  await expect(savedCard(page, 'Secondary').getByRole('link', { name: '+44 7700 900124' })).toHaveAttribute('href', 'tel:+447700900124');
  await expectNoAxeViolations(page, '/sos read mode with phone links');

  // The other way round: typed international, pasted national. United Kingdom reopens as itself.
  await page.reload();
  await editButton(page).click();
  await expect(secondary.country.locator('option:checked')).toHaveText('United Kingdom (+44)');
  await expect(secondary.phone).toHaveValue('7700 900124');
  await primary.phone.fill('');
  await primary.phone.pressSequentially('+44 7700 900125');
  await secondary.phone.fill('');
  await pasteInto(page, secondary.phone, '07700 900126');
  await saveButton(page).click();
  await expectSaved(page);
  await expect(savedCard(page, 'Primary').getByRole('definition')).toHaveText(['Tom Lee', '+44 7700 900125']);
  await expect(savedCard(page, 'Secondary').getByRole('definition')).toHaveText(['Asha Rao', '+44 7700 900126']);
  const stored = await (await page.request.get('/api/contacts')).json();
  expect(stored.contacts.map((c: { country_code: string; phone_number: string }) => c.country_code + c.phone_number)).toEqual(['+447700900125', '+447700900126']);
});

test('placeholders look unlike values, and the hint stays outside the field', async ({ signedInPage: page }) => {
  await openDashboard(page);
  await openSos(page);
  const phone = card(page, 'Primary').phone;
  const placeholder = await phone.evaluate((el) => {
    const style = getComputedStyle(el, '::placeholder');
    return { colour: style.color, fontStyle: style.fontStyle };
  });
  const value = await phone.evaluate((el) => ({ colour: getComputedStyle(el).color, fontStyle: getComputedStyle(el).fontStyle }));
  expect(placeholder.fontStyle).toBe('italic');
  expect(value.fontStyle).toBe('normal');
  expect(placeholder.colour).not.toBe(value.colour);
  await phone.fill('202 555 0123');
  await expect(page.getByText('10 digits after +1. You can type spaces or dashes, or paste the number with +1.').first()).toBeVisible();
});
