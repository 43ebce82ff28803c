import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { storeFace } from '../../test-kit/face-storing.ts';
import { faceFixture } from '../../test-kit/test-data.ts';
import { signUpBody, unregisteredUser, type TestUser } from '../../test-kit/test-user.ts';
import { linkFromMail } from './outbox.ts';
import { portalOf } from './portal.ts';

type Check = (label: string) => Promise<void>;

const invalid = (page: Page) => page.locator('[aria-invalid="true"]').first();

async function submitEmpty(page: Page, form = page.locator('main form').first()): Promise<void> {
  await form.locator('button[type="submit"]').click();
  await expect(invalid(page)).toBeVisible();
}

/**
 * The states the English specs check with axe beyond how a screen first draws, signed out: forms showing their errors
 * and the pages an e-mailed link opens, reached in any language (by structure, not by words), each handed to `check`.
 */
export async function visitSignedOutStates(page: Page, check: Check): Promise<void> {
  for (const path of ['/login', '/signup', '/forgot-password']) {
    await page.goto(path);
    await submitEmpty(page);
    await check(`${path} with errors`);
  }

  const user = unregisteredUser();
  expect((await page.request.post('/api/auth/sign-up', { data: signUpBody(user) })).status()).toBe(201);
  await page.goto(await linkFromMail(user.email, 'verify-email'));
  await expect(page.getByRole('status')).toBeVisible();
  await check('/verify-email, verified');

  expect((await page.request.post('/api/auth/request-password-reset', { data: { email: user.email } })).status()).toBe(200);
  await page.goto(await linkFromMail(user.email, 'reset-password'));
  await expect(page.locator('main form')).toBeVisible();
  await check('/reset-password');
  await submitEmpty(page);
  await check('/reset-password with errors');
}

/**
 * The same, signed in as `user`: the profile menu, an edit on /profile and its error, the deletion dialog, /sos's
 * errors, consent on /faces/add, a face's edit and delete dialogs and the manual as text. A person's photos are
 * visitFacePhotoStates'.
 */
export async function visitSignedInStates(page: Page, user: TestUser, check: Check): Promise<void> {
  await page.goto('/dashboard');
  await page.locator('main button[aria-haspopup]').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check('/dashboard with the profile menu open');

  await page.goto('/profile');
  await page.locator('.profile-row button').first().click();
  const edit = page.locator('.profile-edit');
  await expect(edit.locator('input')).toBeFocused();
  await check('/profile editing the username');
  await edit.locator('input').fill('ab');
  await submitEmpty(page, edit);
  await check('/profile with a username error');
  await page.locator('section[aria-labelledby="your-data-heading"] .button-danger').click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('/profile, the deletion dialog');

  await page.goto('/sos');
  await submitEmpty(page, page.locator('.sos-form'));
  await check('/sos with errors');

  await page.goto('/faces/add');
  const consent = page.locator('section[aria-labelledby="consent-heading"]');
  await consent.locator('input[type="checkbox"]').first().check();
  await check('/faces/add, consent given');
  await consent.locator('button[aria-expanded]').click();
  await expect(consent.locator('.disclaimer')).toBeVisible();
  await check('/faces/add, disclaimer open');

  const picture = fs.readFileSync(faceFixture('people', 'leonard/leonard1.png'));
  await storeFace(portalOf(page), user, { name: `Leonard ${randomUUID().slice(0, 4)}`, picture, fileName: 'leonard1.png' });
  await page.goto('/faces');
  const actions = page.locator('.face-card-actions button');
  await actions.nth(1).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('/faces, edit dialog');
  await page.keyboard.press('Escape');
  await actions.nth(2).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('/faces, delete confirmation');

  await page.goto('/manual');
  await page.getByRole('tab').nth(1).click();
  await expect(page.locator('.manual-text-body')).toBeVisible();
  await check('/manual as text');
}
