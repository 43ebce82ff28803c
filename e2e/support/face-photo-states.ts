import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { addFacePhoto, storeFace } from '../../test-kit/face-storing.ts';
import { faceFixture } from '../../test-kit/test-data.ts';
import type { TestUser } from '../../test-kit/test-user.ts';
import { portalOf } from './portal.ts';

/** The detector takes a few seconds the first time a worker starts. */
const DETECTOR_TIMEOUT = 30_000;

/**
 * The states issue #32 added, reached in any language (by structure, not by words), each handed to `check` with a
 * label and the data the page shows as it was stored (the face ID): a person's photos in 'View details', the
 * delete-photo confirmation, /faces/add?person= and /faces/test's answer. Leonard is stored with two photos first.
 */
export async function visitFacePhotoStates(page: Page, user: TestUser, check: (label: string, data: string[]) => Promise<void>): Promise<void> {
  const picture = (n: number) => fs.readFileSync(faceFixture('people', `leonard/leonard${n}.png`));
  const { faceId } = await storeFace(portalOf(page), user, { name: 'Leonard', picture: picture(1), fileName: 'leonard1.png' });
  await addFacePhoto(portalOf(page), user, faceId, { picture: picture(2), fileName: 'leonard2.png' });

  await page.goto('/faces');
  await page.locator('.face-card-actions button').first().click();
  await expect(page.locator('.face-photo')).toHaveCount(2);
  await check("/faces, a person's photos", [faceId]);
  await page.locator('.face-photo button').first().click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('/faces, delete photo confirmation', [faceId]);

  await page.goto(`/faces/add?person=${faceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Leonard');
  await check('/faces/add?person=', []);

  await page.goto('/faces/test');
  await page.locator('#method-heading ~ .actions button').nth(1).click();
  await page.locator('input[type="file"]').setInputFiles(faceFixture('people', 'leonard/leonard3.png'));
  await expect(page.locator('.recognition-answer')).toContainText('Leonard', { timeout: DETECTOR_TIMEOUT });
  await check('/faces/test, an answer', []);
}
