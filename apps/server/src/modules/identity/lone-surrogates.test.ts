import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';

/**
 * Issue #34: half a UTF-16 character (a lone surrogate) is not text. It reached the sign-in limits' keys, where
 * encodeURIComponent threw: a 500, unauthenticated, at will. It is refused as the body is parsed, with a 400.
 */
describe.each(engines)('text that is not Unicode on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it.each([
    ['sign-in', '/api/auth/sign-in', { licenseId: 'LIC-\uD800', password: 'Blue-Cactus9!Lamp' }, 'licenseId'],
    ['sign-in, low half', '/api/auth/sign-in', { licenseId: '\uDFFFLIC', password: 'Blue-Cactus9!Lamp' }, 'licenseId'],
    ['resend-verification', '/api/auth/resend-verification', { licenseId: 'LIC-\uD800', password: 'Blue-Cactus9!Lamp' }, 'licenseId'],
    ['sign-in, in the password', '/api/auth/sign-in', { licenseId: 'LIC-1', password: 'Blue-Cactus9!\uDBFF' }, 'password'],
  ])('refuses a lone surrogate at %s with 400', async (_label, url, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This text contains a character that is not allowed.', field });
  });
});
