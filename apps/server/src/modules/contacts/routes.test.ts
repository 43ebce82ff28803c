import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

const primary = { name: 'Asha Rao', countryCode: '+91', phoneNumber: '9876543210' };
const secondary = { name: 'Lee Wong', countryCode: '+60', phoneNumber: '123456789' };

describe.each(engines)('/api/contacts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie } });
  const put = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/contacts', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PUT', url: '/api/contacts', payload: { primary } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it('starts with no contacts', async () => {
    const { cookie } = await signedInUser(t);
    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contacts: [] });
  });

  it('saves primary and secondary, and reads them back in the stored shape', async () => {
    const { cookie } = await signedInUser(t);
    const res = await put(cookie, { primary: { ...primary, name: '  Asha Rao ' }, secondary });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Emergency contacts saved successfully');
    const { contacts } = (await get(cookie)).json();
    expect(contacts).toEqual([
      { name: 'Asha Rao', country_code: '+91', phone_number: '9876543210', is_primary: true, timestamp: expect.any(String) },
      { name: 'Lee Wong', country_code: '+60', phone_number: '123456789', is_primary: false, timestamp: expect.any(String) },
    ]);
    expect(new Date(contacts[0].timestamp).toISOString()).toBe(contacts[0].timestamp);
    expect(res.json().contacts).toEqual(contacts);
  });

  it('saves a primary alone, dropping a blank secondary, and replaces an earlier secondary', async () => {
    const { cookie } = await signedInUser(t);
    await put(cookie, { primary, secondary });
    const res = await put(cookie, { primary, secondary: { name: '', countryCode: '+91', phoneNumber: '' } });
    expect(res.statusCode).toBe(200);
    const { contacts } = (await get(cookie)).json();
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ name: 'Asha Rao', is_primary: true });
  });

  it.each([
    [{}, 'Primary emergency contact is required', undefined],
    [{ primary: { ...primary, name: '' } }, 'Primary emergency contact is required', undefined],
    [{ primary: { ...primary, phoneNumber: '' }, secondary }, 'Primary emergency contact is required', undefined],
    [{ primary: { ...primary, phoneNumber: '98765abcde' } }, 'Please fix phone number validation errors', undefined],
    [{ primary: { ...primary, phoneNumber: '987654321' } }, 'Please fix phone number validation errors', undefined],
    [{ primary, secondary: { ...secondary, phoneNumber: '12345678901' } }, 'Please fix phone number validation errors', undefined],
    [{ primary, secondary: { ...secondary, phoneNumber: '' } }, 'Please complete or clear secondary contact information', undefined],
    [{ primary, secondary: { ...secondary, name: '' } }, 'Please complete or clear secondary contact information', undefined],
    [{ primary: { ...primary, countryCode: '+999' } }, 'Please choose a country code from the list.', 'primary.countryCode'],
    [{ primary: { ...primary, name: 'x'.repeat(101) } }, 'Maximum 100 characters', 'primary.name'],
    [{ primary, secondary: { ...secondary, name: 'y'.repeat(101) } }, 'Maximum 100 characters', 'secondary.name'],
    [{ primary, secondary, third: { ...secondary, name: 'Sam' } }, 'Only two emergency contacts can be saved: a primary and a secondary.', 'third'],
    [{ primary, email: 'someone@example.com' }, 'Unknown field: email', 'email'],
    [{ primary: { ...primary, phoneNumber: 9876543210 } }, 'Phone number must be text.', 'primary.phoneNumber'],
  ])('refuses %j with %j and keeps what was saved', async (payload, message, field) => {
    const { cookie } = await signedInUser(t);
    await put(cookie, { primary: { name: 'Kept', countryCode: '+1', phoneNumber: '2025550123' }, secondary });
    const before = (await get(cookie)).json();
    const res = await put(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(field ? { message, field } : { message });
    expect((await get(cookie)).json()).toEqual(before);
  });

  it('refuses a body over 64 KB', async () => {
    const { cookie } = await signedInUser(t);
    const res = await put(cookie, { primary: { ...primary, name: 'x'.repeat(70 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large.');
    expect((await get(cookie)).json()).toEqual({ contacts: [] });
  });

  it('makes the contacts row when registration left none', async () => {
    const { cookie, user } = await signedInUser(t);
    await t.infrastructure.database.db.deleteFrom('sos_face').where('user_id', '=', user.uid).execute();
    expect((await get(cookie)).json()).toEqual({ contacts: [] });
    expect((await put(cookie, { primary })).statusCode).toBe(200);
    expect((await get(cookie)).json().contacts).toHaveLength(1);
  });

  it('keeps each user to their own contacts', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    await put(a.cookie, { primary });
    expect((await get(b.cookie)).json()).toEqual({ contacts: [] });
  });
});
