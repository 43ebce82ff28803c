import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from './testing/test-app.ts';

const NAME_REFUSED = 'This name contains a hidden control or text-direction character. Please type it again.';

/** Names that would read as something else on a screen or in a screen reader, or are not text at all. */
const HOSTILE_NAMES: Array<[string, string]> = [
  ['a right-to-left override', 'Mum\u202E3pm.exe'],
  ['a left-to-right embedding', 'Mum\u202Aoops'],
  ['a first-strong isolate', 'Mum\u2068x\u2069'],
  ['a control character', 'Mum\u001B[31m'],
  ['a lone surrogate', 'Mum\uDC00'],
];

describe.each(engines)('names that hide what they say on %s', (engine) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const db = () => t.infrastructure.database.db;
  const send = (method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { cookie: user.cookie, ...headers } });
  const form = (fields: Record<string, string>) => ({ 'content-type': 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() });

  describe.each(HOSTILE_NAMES)('with %s', (_label, name) => {
    it('are refused as a contact name, keeping the saved contacts', async () => {
      const before = await db().selectFrom('sos_face').select('emergency_contacts').where('user_id', '=', user.user.uid).executeTakeFirst();
      const res = await send('PUT', '/api/contacts', { primary: { name, countryCode: '+1', phoneNumber: '2025550123' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NAME_REFUSED, field: 'primary.name' });
      expect(await db().selectFrom('sos_face').select('emergency_contacts').where('user_id', '=', user.user.uid).executeTakeFirst()).toEqual(before);
    });

    it('are refused as a username on the profile', async () => {
      const res = await send('PATCH', '/api/profile', { username: name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NAME_REFUSED, field: 'username' });
      expect((await db().selectFrom('users').select('username').where('uid', '=', user.user.uid).executeTakeFirstOrThrow()).username).toBe(user.input.username);
    });

    // A form cannot carry a lone surrogate (it is sent as U+FFFD, an ordinary character), so forms meet the others.
    const inForm = !/[\uD800-\uDFFF]/.test(name);

    it.runIf(inForm)('are refused as a face name, before any image is looked at', async () => {
      const { body, ...headers } = form({ email: user.input.email, name, face_id: randomUUID() });
      const stored = await t.app.inject({ method: 'POST', url: '/face-api/store_face', payload: body, headers: { ...headers, cookie: user.cookie } });
      expect(stored.statusCode).toBe(400);
      expect(stored.json()).toEqual({ message: NAME_REFUSED, field: 'name' });
      const renamed = form({ email: user.input.email, name: 'Old', updated_name: name, face_id: randomUUID() });
      const res = await t.app.inject({ method: 'PUT', url: '/face-api/update_face_name', payload: renamed.body, headers: { 'content-type': renamed['content-type'], cookie: user.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NAME_REFUSED, field: 'updated_name' });
    });

    it.runIf(inForm)('are refused as the name the glasses give themselves', async () => {
      const before = await db().selectFrom('device_authorizations').select('user_code').execute();
      const { body, ...headers } = form({ client_id: 'seva-glasses', device_name: name });
      const res = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', payload: body, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
      expect(await db().selectFrom('device_authorizations').select('user_code').execute()).toEqual(before);
    });
  });
});
