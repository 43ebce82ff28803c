import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { FEATURE_DB_KEYS, glassesApiMessages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, multipartForm, pairGlasses } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { storeFacesDirectly } from '../../testing/stored-faces.ts';
import { DESCRIPTOR_MODEL_VERSION } from '../../face-engine/face-engine.ts';
import { readCompactDescriptor } from '../faces/descriptors.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { writeCursor } from './sync-cursor.ts';

const photo = (name: string) => new Blob([fs.readFileSync(faceFixture(name))], { type: 'image/png' });

interface Sync {
  cursor: string;
  email: string;
  faces: Array<{ face_id: string; name: string; updated_at: string; photos: Array<{ photo_id: string; descriptor: string }> }>;
  deleted_face_ids: string[];
  emergency_contacts: Array<{ name: string; country_code: string; phone_number: string; is_primary: boolean }>;
  features: Array<{ dbKey: string; version: string; download_url: string | null }>;
}

interface FeatureState {
  dbKey: string;
  installedVersion: string | null;
  upToDate: boolean;
  downloadUrl: string | null;
}

describe.each(engines)('what the glasses keep and report (/device-api) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** A signed-in user with paired glasses. */
  const userWithGlasses = async () => {
    const user = await signedInUser(t);
    return { ...user, ...(await pairGlasses(t, user.cookie)) };
  };
  type Wearer = Awaited<ReturnType<typeof userWithGlasses>>;

  const sync = async (who: Wearer, since?: string): Promise<Sync> => {
    const res = await t.app.inject({ method: 'GET', url: '/device-api/sync', query: since === undefined ? {} : { since }, headers: bearer(who.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json();
  };
  const faceForm = async (method: 'POST' | 'PUT' | 'DELETE', route: string, who: Wearer, fields: Record<string, string | Blob>) => {
    const form = await multipartForm({ email: who.input.email, ...fields });
    const res = await t.app.inject({ method, url: `/face-api/${route}`, payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const report = (who: Wearer, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/device-api/installed-features',
      headers: { ...bearer(who.token), 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const featureStates = async (who: Wearer): Promise<FeatureState[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/features', headers: { cookie: who.cookie } });
    return (res.json().features as FeatureState[]).map(({ dbKey, installedVersion, upToDate, downloadUrl }) => ({ dbKey, installedVersion, upToDate, downloadUrl }));
  };
  const upToDate = async (who: Wearer) => (await featureStates(who)).filter((f) => f.upToDate).map((f) => f.dbKey);

  it('gives new glasses everything: no faces yet, the contacts, the eight features and the e-mail for face calls', async () => {
    const who = await userWithGlasses();
    const first = await sync(who);
    expect(first).toEqual({
      cursor: expect.any(String),
      email: who.input.email,
      model_version: DESCRIPTOR_MODEL_VERSION,
      faces: [],
      deleted_face_ids: [],
      emergency_contacts: [],
      features: FEATURE_DB_KEYS.map((dbKey) => ({ dbKey, version: '1.0', download_url: null })),
    });
    expect(await sync(who, first.cursor)).toMatchObject({ faces: [], deleted_face_ids: [] });
  });

  it('sends only what changed: a face added, then renamed, then deleted, each once', async () => {
    const who = await userWithGlasses();
    const start = await sync(who);
    const faceId = randomUUID();
    await faceForm('POST', 'store_face', who, { name: 'Amy', face_id: faceId, file: photo('people/amy/amy1.png') });

    const added = await sync(who, start.cursor);
    expect(added.faces).toEqual([{ face_id: faceId, name: 'Amy', updated_at: expect.any(String), photos: [{ photo_id: expect.any(String), descriptor: expect.any(String) }] }]);
    expect(added.deleted_face_ids).toEqual([]);
    const stored = await t.infrastructure.database.db.selectFrom('face_photos').select('descriptor').where('face_id', '=', faceId).executeTakeFirstOrThrow();
    const exact = Array.from(new Float32Array(Uint8Array.from(stored.descriptor).buffer));
    // The compact description (D-063): each number within half a step of 1/127 of the largest.
    const sent = readCompactDescriptor(added.faces[0]!.photos[0]!.descriptor);
    expect(sent).toHaveLength(128);
    const step = Math.max(...exact.map(Math.abs)) / 127;
    sent.forEach((n, i) => expect(Math.abs(n - exact[i]!)).toBeLessThanOrEqual(step / 2 + 1e-7));
    expect((await sync(who, added.cursor)).faces).toEqual([]);

    await faceForm('PUT', 'update_face_name', who, { name: 'Amy', updated_name: 'Amy Farrah Fowler', face_id: faceId });
    const renamed = await sync(who, added.cursor);
    expect(renamed.faces.map((f) => [f.face_id, f.name])).toEqual([[faceId, 'Amy Farrah Fowler']]);
    expect(renamed.faces[0]!.updated_at >= added.faces[0]!.updated_at).toBe(true);

    await faceForm('DELETE', 'delete_face', who, { face_id: faceId });
    const deleted = await sync(who, renamed.cursor);
    expect([deleted.faces, deleted.deleted_face_ids]).toEqual([[], [faceId]]);
    expect(await sync(who, deleted.cursor)).toMatchObject({ faces: [], deleted_face_ids: [] });
    // From the start, the face came and went: glasses that never saw it are told to drop it, and get no picture of it.
    expect(await sync(who, start.cursor)).toMatchObject({ faces: [], deleted_face_ids: [faceId] });
    expect(await sync(who)).toMatchObject({ faces: [], deleted_face_ids: [] });
  });

  it('keeps each account to its own faces', async () => {
    const one = await userWithGlasses();
    const two = await userWithGlasses();
    const cursor = (await sync(two)).cursor;
    await faceForm('POST', 'store_face', one, { name: 'Howard', face_id: randomUUID(), file: photo('people/howard/howard1.png') });
    expect((await sync(one)).faces.map((f) => f.name)).toEqual(['Howard']);
    expect((await sync(two, cursor)).faces).toEqual([]);
    expect((await sync(two)).faces).toEqual([]);
  });

  it('carries the emergency contacts and the download links as they are now', async () => {
    const who = await userWithGlasses();
    const { cursor } = await sync(who);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/contacts',
      headers: { cookie: who.cookie },
      payload: { primary: { name: 'Asha Rao', countryCode: '+91', phoneNumber: '9876543210' }, secondary: { name: 'Lee Wong', countryCode: '+60', phoneNumber: '123456789' } },
    });
    expect(saved.statusCode).toBe(200);
    await t.services.features.setFeatureLink('read_for_me', 'https://downloads.example.com/read-for-me-1.0.apk');

    const delta = await sync(who, cursor);
    expect(delta.emergency_contacts).toEqual([
      { name: 'Asha Rao', country_code: '+91', phone_number: '9876543210', is_primary: true },
      { name: 'Lee Wong', country_code: '+60', phone_number: '123456789', is_primary: false },
    ]);
    expect(delta.features.find((f) => f.dbKey === 'read_for_me')).toEqual({ dbKey: 'read_for_me', version: '1.0', download_url: 'https://downloads.example.com/read-for-me-1.0.apk' });
    expect(delta.features.filter((f) => f.download_url === null)).toHaveLength(7);
    await t.services.features.clearFeatureLink('read_for_me');
  });

  it('compresses a large answer for glasses that accept gzip', async () => {
    const who = await userWithGlasses();
    // Two people of five photos: with compact descriptions (D-063) one photo alone is too small to be worth compressing.
    const { uid } = await t.infrastructure.database.db.selectFrom('users').select('uid').where('email', '=', who.input.email).executeTakeFirstOrThrow();
    const picture = { image: Buffer.from('a picture'), mime: 'image/jpeg' as const, photos: 5 };
    await storeFacesDirectly({ db: t.infrastructure.database.db, blobs: t.infrastructure.blobs }, uid, [{ name: 'raj', ...picture }, { name: 'amy', ...picture }]);
    const res = await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: { ...bearer(who.token), 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString()) as Sync;
    expect(body.faces.map((f) => [f.name, f.photos.length]).sort()).toEqual([['amy', 5], ['raj', 5]]);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(body).length);
  });

  it("refuses garbage cursors, another account's cursor and a cursor ahead of the account, with 400", async () => {
    const who = await userWithGlasses();
    const stranger = await userWithGlasses();
    const strangers = (await sync(stranger)).cursor;
    const ahead = writeCursor((await t.infrastructure.database.db.selectFrom('users').select('uid').where('email', '=', who.input.email).executeTakeFirstOrThrow()).uid, 99);
    const refusal = { message: glassesApiMessages.cursorInvalid, field: 'since', code: 'invalid_cursor' };
    for (const since of ['garbage', '', strangers, ahead, 'x'.repeat(5000), Buffer.from('{"v":1,"a":"x","s":-1}').toString('base64url'), '%00']) {
      const res = await t.app.inject({ method: 'GET', url: `/device-api/sync?since=${encodeURIComponent(since)}`, headers: bearer(who.token) });
      expect([res.statusCode, res.json()], since.slice(0, 40)).toEqual([400, refusal]);
    }
    const twice = await t.app.inject({ method: 'GET', url: '/device-api/sync?since=a&since=b', headers: bearer(who.token) });
    expect([twice.statusCode, twice.json().message]).toEqual([400, glassesApiMessages.cursorInvalid]);
    // The published contract says so, for the glasses' firmware to expect it.
    const contract = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(contract.paths['/device-api/sync'].get.responses)).toContain('400');
  });

  it("records what the glasses run: /updates' data then says 'Up to date' for features at the current version", async () => {
    const who = await userWithGlasses();
    expect(await upToDate(who)).toEqual([]);
    const res = await report(who, { features: { read_for_me: '1.0', magnify: '0.9', navigate: '1.0.0', find_object: '2.1' } });
    expect([res.statusCode, res.json()]).toEqual([200, { features: { read_for_me: '1.0', magnify: '0.9', navigate: '1.0.0', find_object: '2.1' } }]);
    expect(await upToDate(who)).toEqual(['navigate', 'find_object', 'read_for_me']);
    expect((await featureStates(who)).find((f) => f.dbKey === 'magnify')).toEqual({ dbKey: 'magnify', installedVersion: '0.9', upToDate: false, downloadUrl: null });
    expect((await featureStates(who)).find((f) => f.dbKey === 'play_music')).toMatchObject({ installedVersion: null, upToDate: false });

    // A report replaces the last one of the same glasses; other glasses of the same user count too.
    expect((await report(who, { features: { magnify: '1.0' } })).statusCode).toBe(200);
    expect(await upToDate(who)).toEqual(['magnify']);
    const second = await pairGlasses(t, who.cookie, 'Second frames');
    expect((await report({ ...who, token: second.token }, { features: { read_for_me: '1.0' } })).statusCode).toBe(200);
    expect(await upToDate(who)).toEqual(['read_for_me', 'magnify']);

    // Another account sees nothing of it; unpairing takes the glasses' report with them.
    expect(await upToDate(await userWithGlasses())).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: `/api/devices/${second.deviceId}`, headers: { cookie: who.cookie } });
    expect(await upToDate(who)).toEqual(['magnify']);
  });

  it.each([
    [{ features: { teleport: '1.0' } }, 400, 'Unknown feature: teleport. Known: describe_scene, navigate, find_object, recognise_face, read_for_me, talk_to_me, play_music, magnify'],
    [{ features: { magnify: '1.0-beta' } }, 400, 'Not a valid version for magnify: use up to four numbers separated by dots, like 1.0.'],
    [{ features: { magnify: '1.2.3.4.5' } }, 400, 'Not a valid version for magnify: use up to four numbers separated by dots, like 1.0.'],
    [{ features: { magnify: '' } }, 400, 'Not a valid version for magnify: use up to four numbers separated by dots, like 1.0.'],
    [{ features: { magnify: 1 } }, 400, glassesApiMessages.versionNotText],
    [{ features: ['magnify'] }, 400, glassesApiMessages.featuresMissing],
    [{}, 400, glassesApiMessages.featuresMissing],
    [{ features: {}, extra: true }, 400, 'Unknown field: extra'],
    ['{"features":', 400, 'The request body is not valid JSON.'],
    [JSON.stringify({ features: { magnify: '1.0' }, padding: 'x'.repeat(5000) }), 413, 'The request is too large.'],
  ])('refuses %j with %i and keeps the last report', async (payload, status, message) => {
    const who = await userWithGlasses();
    expect((await report(who, { features: { read_for_me: '1.0' } })).statusCode).toBe(200);
    const res = await report(who, payload);
    expect([res.statusCode, res.json().message]).toEqual([status, message]);
    expect(await upToDate(who)).toEqual(['read_for_me']);
  });
});
