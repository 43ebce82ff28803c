import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

/** Every argon2 verification the server runs, so a test can see the work behind an answer without timing it. */
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      verifications.count += 1;
      return real.verify(...args);
    },
  };
});

describe.each(engines)('a forged or guessed license ID on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const signIn = (licenseId: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId, password } });

  it('is refused after the same password hashing as a wrong password, so the time taken does not tell which IDs exist', async () => {
    const { input } = await signedInUser(t);
    verifications.count = 0;
    expect((await signIn(input.licenseId, 'Wrong-Cactus9!')).json()).toEqual({ message: 'Invalid password', field: 'password' });
    expect(verifications.count).toBe(1);

    verifications.count = 0;
    expect((await signIn('LIC-NOT-ISSUED', 'Wrong-Cactus9!')).json()).toEqual({ message: 'Invalid credentials' });
    expect(verifications.count).toBe(1);
  });
});
