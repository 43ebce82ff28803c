import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFieldError } from './support/field-error.ts';
import { visitFacePhotoStates } from './support/face-photo-states.ts';
import { mailTo } from './support/outbox.ts';
import { visitSignedInStates, visitSignedOutStates } from './support/screen-states.ts';
import { TRANSLATED_AS_HELPER, TRANSLATED_SIGNED_IN, TRANSLATED_SIGNED_OUT } from './support/translated-screens.ts';
import { helperOf } from '../test-kit/helper-flow.ts';
import { signIn } from '../test-kit/sign-up-flow.ts';
import { unregisteredUser, type TestUser } from '../test-kit/test-user.ts';
import { expect, test, useSessionCookie } from './support/fixtures.ts';

test.describe.configure({ mode: 'parallel' });
// The browser prefers Hindi: Playwright sends Accept-Language: hi-IN.
test.use({ locale: 'hi-IN' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const languageControl = (page: Page, label: string) => page.getByRole('group', { name: label });

async function fillHindiSignUp(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('उपयोगकर्ता नाम').fill(user.username);
  await page.getByLabel('ईमेल').fill(user.email);
  await page.getByLabel('देश कोड').selectOption('+1');
  await page.getByLabel('फ़ोन नंबर').fill(user.phoneNumber);
  await page.getByLabel('लाइसेंस आईडी').fill(user.licenseId);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(user.password);
  await page.getByLabel('पासवर्ड की पुष्टि करें').fill(user.password);
}

test('a browser preferring Hindi gets /login in Hindi, and each language is offered in its own', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(heading(page, 'SEVA में साइन इन करें')).toBeVisible();
  const control = languageControl(page, 'भाषा');
  await expect(control.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
  await expect(control.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en-GB');
  await expect(control.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('lang', 'hi');

  // A rule the form checks says its message in Hindi too.
  await page.getByRole('button', { name: 'साइन इन करें' }).click();
  await expectFieldError(page.getByLabel('लाइसेंस आईडी'), 'लाइसेंस आईडी आवश्यक है');
  await expectNoAxeViolations(page, '/login in Hindi, with errors');
});

test('a Hindi speaker signs up in Hindi, is told a refusal in Hindi and gets the verification e-mail in Hindi', async ({ page }) => {
  const user = unregisteredUser();
  await page.goto('/signup');
  await expect(heading(page, 'खाता बनाएँ')).toBeVisible();
  await expectNoAxeViolations(page, '/signup in Hindi');
  await fillHindiSignUp(page, user);
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await expect(heading(page, 'सत्यापन लिंक भेजा गया')).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`हमने ${user.email} पर सत्यापन लिंक भेजा है।`);

  const mail = await mailTo(user.email, `नमस्ते ${user.username},`);
  expect(mail).toContain('SEVA पोर्टल में आपका स्वागत है।');
  expect(mail).toContain('मेरा ईमेल सत्यापित करें');
  expect(mail).toMatch(/\/verify-email\?token=/);

  // The same e-mail again: the server refuses it in the page's language.
  await page.goto('/signup');
  await fillHindiSignUp(page, { ...unregisteredUser(), email: user.email });
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await expectFieldError(page.getByLabel('ईमेल'), 'यह ईमेल पहले से पंजीकृत है');
});

test("switching to English with the control shows SPEC's English at once, and the choice survives a reload", async ({ page }) => {
  await page.goto('/login');
  await expect(heading(page, 'SEVA में साइन इन करें')).toBeVisible();
  await languageControl(page, 'भाषा').getByRole('button', { name: 'English' }).click();

  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  await expect(languageControl(page, 'Language').getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(heading(page, 'Sign in to SEVA')).toBeVisible();
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(heading(page, 'Create Account')).toBeVisible();
});

for (const path of TRANSLATED_SIGNED_OUT) {
  test(`${path} in Hindi passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `${path} in Hindi`);
  });
}

for (const path of TRANSLATED_SIGNED_IN) {
  test(`${path}, signed in, in Hindi passes axe`, async ({ signedInPage: page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `${path} in Hindi`);
  });
}

test("a helper's screens in Hindi pass axe", async ({ page, portal, newUser, baseURL }) => {
  const { cookie } = await helperOf(portal, (await signIn(portal.send, newUser)).cookie);
  await useSessionCookie(page, baseURL!, cookie);
  for (const path of TRANSLATED_AS_HELPER) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `${path} in Hindi, as a helper`);
  }
});

test("on a Hindi page the manual keeps the operator's words and says their language, so a screen reader reads them in an English voice", async ({ signedInPage: page }) => {
  await page.goto('/manual');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  // The sample manual declares /Lang en-GB: its title, its PDF page's words and its text view are marked so.
  await expect(page.getByRole('heading', { level: 2, name: /SEVA User Manual/ }).locator('[lang="en-GB"]')).toHaveText('SEVA User Manual');
  await expect(page.locator('[lang="en-GB"] .react-pdf__Page__textContent')).toContainText('What SEVA is');
  await page.getByRole('tab', { name: 'टेक्स्ट के रूप में पढ़ें' }).click();
  await expect(page.locator('article[lang="en-GB"]').getByRole('heading', { name: '1. What SEVA is' })).toBeVisible();
});

const checkInHindi = (page: Page) => async (label: string) => {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expectNoAxeViolations(page, `${label} in Hindi`);
};

test("a person's photos and /faces/test's answer in Hindi pass axe", async ({ signedInPage: page, newUser }) => {
  await visitFacePhotoStates(page, newUser, checkInHindi(page));
});

test('forms with their errors and the pages e-mailed links open, in Hindi, pass axe', async ({ page }) => {
  await visitSignedOutStates(page, checkInHindi(page));
});

test('menus, edits, errors and dialogs of the signed-in screens in Hindi pass axe', async ({ signedInPage: page, newUser }) => {
  await visitSignedInStates(page, newUser, checkInHindi(page));
});
