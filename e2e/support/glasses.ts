import type { APIRequestContext, Page } from '@playwright/test';
import type { DeviceAuthorizationAnswer, SyncAnswer } from '@seva/shared';
import { askForCode as kitAskForCode, collectToken } from '../../test-kit/glasses-pairing.ts';
import { faceFixture } from '../../test-kit/test-data.ts';
import type { Answer } from '../../test-kit/transport.ts';
import { expect } from './fixtures.ts';
import { requestTransport } from './portal.ts';

// The glasses as the specs play them (issue #10): Playwright's request context, no cookies, their own token; the
// pairing calls are the test kit's.

/** The face detector takes a few seconds the first time a worker starts. */
export const DETECTOR_TIMEOUT = 30_000;

/** The glasses ask for a code (RFC 8628 §3.1) for `scope` (none: the default), form-encoded as firmware sends it. */
export async function askForCode(device: APIRequestContext, deviceName: string, scope?: string): Promise<DeviceAuthorizationAnswer> {
  const answer = await kitAskForCode(requestTransport(device), { deviceName, ...(scope === undefined ? {} : { scope }) });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as DeviceAuthorizationAnswer;
}

/** The glasses poll for their token (RFC 8628 §3.4). */
export const pollToken = (device: APIRequestContext, deviceCode: string): Promise<Answer> => collectToken(requestTransport(device), deviceCode);

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function sync(device: APIRequestContext, token: string, since?: string): Promise<SyncAnswer> {
  const response = await device.get('/device-api/sync', { headers: bearer(token), params: since === undefined ? {} : { since } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** Adds a face on /faces/add from a fixture photo, as the user does, and waits until it is registered. */
export async function addFace(page: Page, name: string): Promise<void> {
  await page.goto('/faces/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Face Registration' })).toBeVisible();
  const consent = page.getByRole('checkbox', { name: /^I have the consent of the person in the photo/ });
  await consent.locator('xpath=ancestor::label[1]').click();
  await expect(consent).toBeChecked();
  await page.getByRole('button', { name: 'UPLOAD IMAGE' }).click();
  await page.getByLabel('Choose an image of one face (JPEG, PNG, WebP or HEIC, at most 5 MB)').setInputFiles(faceFixture('single/neutral.jpg'));
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'REGISTER FACE' }).click();
  const registered = page.getByRole('alertdialog', { name: 'Face registered' });
  await expect(registered).toBeVisible({ timeout: DETECTOR_TIMEOUT });
  await registered.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/faces$/);
}
