import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, signedInUser, type TestApp } from './testing/test-app.ts';

/**
 * Issue #9: phone numbers as people write and paste them are read by the shared rules on every endpoint that takes
 * one, and stored in one form: the user's phone as '+447700900123', a contact's as country_code and national digits.
 */
describe.each(engines)('phone numbers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const json = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });
  const storedPhone = async (email: string) =>
    (await t.infrastructure.database.db.selectFrom('users').select('phone').where('email', '=', email).executeTakeFirstOrThrow()).phone;

  it.each([
    ['07700 900123', 'the national form'],
    ['+44 7700 900123', 'the international form, pasted'],
    ['+44 (0)7700-900-123', 'the international form with (0) and dashes'],
  ])('sign-up stores the UK number written in %s (%j) as +447700900123', async (phoneNumber) => {
    const input = newUserInput({ countryCode: '+44', phoneNumber });
    const res = await json('POST', '/api/auth/sign-up', input);
    expect(res.statusCode).toBe(201);
    expect(await storedPhone(input.email)).toBe('+447700900123');
  });

  it('sign-up refuses a number with a digit missing instead of storing it', async () => {
    const input = newUserInput({ countryCode: '+44', phoneNumber: '0770090012' });
    const res = await json('POST', '/api/auth/sign-up', input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter exactly 10 digits for United Kingdom', field: 'phoneNumber' });
  });

  it('the profile stores an edited phone as +447700900123 and refuses another country than its code says', async () => {
    const { cookie, input } = await signedInUser(t);
    const res = await json('PATCH', '/api/profile', { phone: '+44 (0)7700 900123' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phone).toBe('+447700900123');
    expect(await storedPhone(input.email)).toBe('+447700900123');

    const short = await json('PATCH', '/api/profile', { phone: '+44 7700 90012' }, cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Please enter exactly 10 digits for United Kingdom', field: 'phone' });
    expect(await storedPhone(input.email)).toBe('+447700900123');
  });

  it('contacts are stored as the country code and the national number, however typed', async () => {
    const { cookie } = await signedInUser(t);
    const res = await json(
      'PUT',
      '/api/contacts',
      {
        primary: { name: 'Tom Lee', countryCode: '+44', phoneNumber: '+44 7700 900123' },
        secondary: { name: 'Asha Rao', countryCode: '+91', phoneNumber: '098765-43210' },
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const saved = (await t.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie } })).json().contacts;
    expect(saved.map((c: { country_code: string; phone_number: string }) => [c.country_code, c.phone_number])).toEqual([
      ['+44', '7700900123'],
      ['+91', '9876543210'],
    ]);
  });

  it('contacts refuse a number written with another country’s code and save nothing', async () => {
    const { cookie } = await signedInUser(t);
    const res = await json('PUT', '/api/contacts', { primary: { name: 'Tom Lee', countryCode: '+44', phoneNumber: '+91 98765 43210' } }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please fix phone number validation errors' });
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie } })).json().contacts).toEqual([]);
  });
});
