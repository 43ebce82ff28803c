import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { linkFromMail } from './outbox.ts';

export interface TestUser {
  username: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
  licenseId: string;
  password: string;
}

/** A fresh, valid identity; each call is unique. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    username: `Robin ${id}`,
    email: `robin-${id}@example.com`,
    countryCode: '+1',
    phoneNumber: '2025550123',
    licenseId: `SEVA-${id.toUpperCase()}`,
    password: 'Blue-Cactus9!Lamp',
    ...overrides,
  };
}

/** Registers and verifies a user through the API and the real outbox (no UI), for specs about later screens. */
export async function registerVerifiedUser(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  const response = await page.request.post('/api/auth/sign-up', { data: { ...user, confirmPassword: user.password } });
  expect(response.status(), await response.text()).toBe(201);
  const link = await linkFromMail(user.email, 'verify-email');
  const token = new URL(link, 'http://x').searchParams.get('token');
  const verify = await page.request.post('/api/auth/verify-email', { data: { token } });
  expect(verify.status()).toBe(200);
  return user;
}

/** Signs in through the /login screen and waits for the dashboard. */
export async function signIn(page: Page, user: Pick<TestUser, 'licenseId' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('License ID').fill(user.licenseId);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
}

/** A verified user, signed in on `page`. */
export async function signedInUser(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = await registerVerifiedUser(page, overrides);
  await signIn(page, user);
  return user;
}
