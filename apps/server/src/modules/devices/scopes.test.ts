import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { glassesApiMessages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { bearer, devicesServiceAt, multipartForm, pairGlasses, requestDeviceCode } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { hashToken } from '../../tokens.ts';

const photo = (name: string) => new Blob([fs.readFileSync(faceFixture(name))], { type: 'image/png' });
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(engines)("what a glasses' token may do (OAuth scopes) on %s", (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let faceId: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInUser(t);
    faceId = randomUUID();
    const form = await multipartForm({ email: owner.input.email, name: 'Sheldon', face_id: faceId, file: photo('people/sheldon/sheldon1.png') });
    const stored = await t.app.inject({ method: 'POST', url: '/face-api/store_face', payload: form.payload, headers: { ...form.headers, cookie: owner.cookie } });
    expect(stored.statusCode, stored.body).toBe(200);
  });
  afterAll(() => t.close());

  const faceCall = async (method: 'POST' | 'PUT' | 'DELETE', route: string, fields: Record<string, string | Blob>, token: string) => {
    const form = await multipartForm(fields);
    return t.app.inject({ method, url: `/face-api/${route}`, payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  };
  const insufficient = (scope: string) => [403, `Bearer error="insufficient_scope", scope="${scope}"`, { message: glassesApiMessages.insufficientScope(scope), code: 'insufficient_scope' }];
  const answer = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => [res.statusCode, res.headers['www-authenticate'], res.json()];

  it('gives glasses that ask for nothing what sync, recognition, events and installed features need, and no more', async () => {
    const { token } = await pairGlasses(t, owner.cookie, 'Default frames');
    const email = owner.input.email;
    expect((await faceCall('POST', 'get_all_faces', { email }, token)).statusCode).toBe(200);
    expect((await faceCall('POST', 'recognize', { email, file: photo('people/sheldon/sheldon3.png') }, token)).json().match).toMatchObject({ face_id: faceId });
    const synced = await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(token) });
    expect(synced.json().faces).toHaveLength(1);
    const report = await t.app.inject({ method: 'PUT', url: '/device-api/installed-features', headers: bearer(token), payload: { features: { magnify: '1.0' } } });
    expect(report.statusCode).toBe(200);

    const image = await t.app.inject({ method: 'GET', url: `/face-api/image/${faceId}`, headers: bearer(token) });
    expect(answer(image)).toEqual(insufficient('faces:images'));
    const writes: Array<['POST' | 'PUT' | 'DELETE', string, Record<string, string | Blob>]> = [
      ['POST', 'store_face', { email, name: 'Intruder', face_id: randomUUID(), file: photo('people/raj/raj1.png') }],
      ['PUT', 'update_face_name', { email, name: 'Sheldon', updated_name: 'Renamed', face_id: faceId }],
      ['DELETE', 'delete_face', { email, face_id: faceId }],
    ];
    for (const [method, route, fields] of writes) expect(answer(await faceCall(method, route, fields, token)), route).toEqual(insufficient('faces:write'));
    const form = await multipartForm({ email });
    const listed = await t.app.inject({ method: 'POST', url: '/face-api/get_all_faces', payload: form.payload, headers: { ...form.headers, cookie: owner.cookie } });
    expect((listed.json() as Array<{ name: string }>).map((f) => f.name)).toEqual(['Sheldon']);
  });

  it('lets glasses asked for faces:images download pictures, and refuses each part of the API outside what they asked for', async () => {
    const pictures = await pairGlasses(t, owner.cookie, 'Picture frames', 'faces:images');
    const image = await t.app.inject({ method: 'GET', url: `/face-api/image/${faceId}`, headers: bearer(pictures.token) });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(answer(await faceCall('POST', 'get_all_faces', { email: owner.input.email }, pictures.token))).toEqual(insufficient('faces:read'));
    const sync = await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(pictures.token) });
    expect(answer(sync)).toEqual(insufficient('faces:read contacts:read features'));
    const events = await t.app.inject({ method: 'GET', url: '/device-api/events', headers: bearer(pictures.token) });
    expect(answer(events)).toEqual(insufficient('events'));
    const report = await t.app.inject({ method: 'PUT', url: '/device-api/installed-features', headers: bearer(pictures.token), payload: { features: {} } });
    expect(answer(report)).toEqual(insufficient('features'));
  });

  it('syncs only the parts a token may read', async () => {
    const { token } = await pairGlasses(t, owner.cookie, 'Contacts frames', 'contacts:read');
    const synced = await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(token) });
    expect(synced.statusCode).toBe(200);
    expect(synced.json()).toMatchObject({ faces: [], deleted_face_ids: [], features: [] });
    expect(Array.isArray(synced.json().emergency_contacts)).toBe(true);
  });

  it('refuses an unknown scope with invalid_scope and answers the scope granted with the token', async () => {
    const unknown = await requestDeviceCode(t, { scope: 'faces:read camera' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, 'invalid_scope']);
    const { token } = await pairGlasses(t, owner.cookie, 'Write frames', 'faces:write  faces:read');
    const stored = await faceCall('POST', 'store_face', { email: owner.input.email, name: 'Raj', face_id: randomUUID(), file: photo('people/raj/raj1.png') }, token);
    expect(stored.statusCode, stored.body).toBe(200);
  });

  it('expires a token unused for 180 days: the glasses hear invalid_token', async () => {
    const { token } = await pairGlasses(t, owner.cookie, 'Drawer frames');
    await expect(devicesServiceAt(t, { offsetMs: 179 * DAY_MS }).identify(hashToken(token))).resolves.toBeDefined();
    // Used at day 179: the 180 days count from then.
    await expect(devicesServiceAt(t, { offsetMs: 358 * DAY_MS }).identify(hashToken(token))).resolves.toBeDefined();
    await expect(devicesServiceAt(t, { offsetMs: 540 * DAY_MS }).identify(hashToken(token))).rejects.toMatchObject({ details: { code: 'invalid_token' }, message: glassesApiMessages.tokenExpired });

    const idle = await pairGlasses(t, owner.cookie, 'Idle frames');
    await t.infrastructure.database.db
      .updateTable('devices')
      .set({ paired_at: new Date(Date.now() - 181 * DAY_MS).toISOString() })
      .where('token_hash', '=', hashToken(idle.token))
      .execute();
    const refused = await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(idle.token) });
    expect(answer(refused)).toEqual([401, 'Bearer error="invalid_token"', { message: glassesApiMessages.tokenExpired, code: 'invalid_token' }]);
  });

  it('unpairs every pair of glasses of an account (a password change or reset asks for it), and no other account', async () => {
    const { cookie } = await signedInUser(t);
    const first = await pairGlasses(t, cookie, 'One');
    const second = await pairGlasses(t, cookie, 'Two');
    const others = await pairGlasses(t, owner.cookie, 'Owner keeps these');
    const user = await t.infrastructure.database.db.selectFrom('devices').select('user_id').where('id', '=', first.deviceId).executeTakeFirstOrThrow();
    expect(await t.services.account.unpairAllGlasses(user.user_id, null)).toBe(2);
    for (const { token } of [first, second]) expect((await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(others.token) })).statusCode).toBe(200);
  });
});
