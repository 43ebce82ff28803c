import type { Page } from '@playwright/test';
import { faceFixture } from '../../test-kit/test-data.ts';
import { expect } from './fixtures.ts';

/** The face detector takes a few seconds the first time a worker starts. */
const DETECTOR_TIMEOUT = 30_000;

/** Adds a face on /faces/add from a fixture photo, as the user does, and waits until it is registered. */
export async function addFace(page: Page, name: string): Promise<void> {
  await page.goto('/faces/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Face Registration' })).toBeVisible();
  const consent = page.getByRole('checkbox', { name: /^I have the consent of the person in the photo/ });
  await consent.locator('xpath=ancestor::label[1]').click();
  await expect(consent).toBeChecked();
  await page.getByRole('button', { name: 'UPLOAD IMAGE' }).click();
  await page.getByLabel('Choose an image of one face (JPEG or PNG, at most 5 MB)').setInputFiles(faceFixture('single/neutral.jpg'));
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'REGISTER FACE' }).click();
  const registered = page.getByRole('alertdialog', { name: 'Face registered' });
  await expect(registered).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  await registered.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/faces$/);
}
