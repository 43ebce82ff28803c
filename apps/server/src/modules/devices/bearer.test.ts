import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { glassesApiMessages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, devicesServiceAt, multipartForm, pairGlasses } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { hashToken } from '../../tokens.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';

const photo = (name: string) => new Blob([fs.readFileSync(faceFixture(name))], { type: 'image/png' });
const INVALID_TOKEN = { message: glassesApiMessages.tokenInvalid, code: 'invalid_token' };

describe.each(engines)("the glasses' bearer token (RFC 6750) on %s", (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let glasses: Awaited<ReturnType<typeof pairGlasses>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInUser(t);
    other = await signedInUser(t);
    // Every scope, so that each face call is the user's own to make (scopes.test.ts refuses those outside them).
    glasses = await pairGlasses(t, owner.cookie, 'Owner glasses', 'faces:read faces:images faces:write contacts:read events features');
  });
  afterAll(() => t.close());

  /** A face-backend call with a multipart form, as the glasses send it. */
  const faceCall = async (method: 'POST' | 'PUT' | 'DELETE', route: string, fields: Record<string, string | Blob>, headers: Record<string, string>) => {
    const form = await multipartForm(fields);
    return t.app.inject({ method, url: `/face-api/${route}`, payload: form.payload, headers: { ...form.headers, ...headers } });
  };
  const names = async (cookie: string, email: string) => {
    const res = await faceCall('POST', 'get_all_faces', { email }, { cookie });
    return (res.json() as Array<{ name: string }>).map((f) => f.name);
  };
  const sync = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/device-api/sync', headers });

  it('works on every face-backend call its scopes allow, as the user who paired the glasses', async () => {
    const auth = bearer(glasses.token);
    const faceId = randomUUID();
    const stored = await faceCall('POST', 'store_face', { email: owner.input.email, name: 'Sheldon', face_id: faceId, file: photo('people/sheldon/sheldon1.png') }, auth);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(await names(owner.cookie, owner.input.email)).toEqual(['Sheldon']);

    const listed = await faceCall('POST', 'get_all_faces', { email: owner.input.email }, auth);
    expect(listed.json()).toEqual([expect.objectContaining({ face_id: faceId, name: 'Sheldon' })]);
    const recognized = await faceCall('POST', 'recognize', { email: owner.input.email, file: photo('people/sheldon/sheldon3.png') }, auth);
    expect(recognized.json().match).toMatchObject({ face_id: faceId, name: 'Sheldon' });
    const detected = await faceCall('POST', 'detect_faces', { email: owner.input.email, file: photo('people/sheldon/sheldon3.png') }, auth);
    expect(detected.json().faces).toHaveLength(1);
    const image = await t.app.inject({ method: 'GET', url: `/face-api/image/${faceId}`, headers: auth });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);

    const renamed = await faceCall('PUT', 'update_face_name', { email: owner.input.email, name: 'Sheldon', updated_name: 'Dr Cooper', face_id: faceId }, auth);
    expect(renamed.statusCode).toBe(200);
    expect(await names(owner.cookie, owner.input.email)).toEqual(['Dr Cooper']);
    const deleted = await faceCall('DELETE', 'delete_face', { email: owner.input.email, face_id: faceId }, auth);
    expect(deleted.json()).toEqual({ message: 'Face deleted successfully' });
    expect(await names(owner.cookie, owner.input.email)).toEqual([]);
  });

  it("answers 403 to another account's email with the token, and changes nothing", async () => {
    await faceCall('POST', 'store_face', { email: other.input.email, name: 'Penny', face_id: randomUUID(), file: photo('people/penny/penny1.png') }, { cookie: other.cookie });
    const auth = bearer(glasses.token);
    const calls: Array<['POST' | 'PUT' | 'DELETE', string, Record<string, string | Blob>]> = [
      ['POST', 'get_all_faces', { email: other.input.email }],
      ['POST', 'store_face', { email: other.input.email, name: 'Intruder', face_id: randomUUID(), file: photo('people/raj/raj1.png') }],
      ['PUT', 'update_face_name', { email: other.input.email, name: 'Penny', updated_name: 'Renamed', face_id: randomUUID() }],
      ['DELETE', 'delete_face', { email: other.input.email, face_id: randomUUID() }],
      ['POST', 'recognize', { email: other.input.email, file: photo('people/penny/penny2.png') }],
    ];
    for (const [method, route, fields] of calls) {
      const res = await faceCall(method, route, fields, auth);
      expect([res.statusCode, res.json()], route).toEqual([403, { message: 'You can only act on your own account.' }]);
    }
    expect(await names(other.cookie, other.input.email)).toEqual(['Penny']);
  });

  it('answers 401 with WWW-Authenticate: Bearer without a token, and error="invalid_token" for a bad one', async () => {
    const cases: Array<[string, Record<string, string>, string, object]> = [
      ['sync, nothing', {}, 'Bearer', { message: glassesApiMessages.tokenRequired }],
      ['sync, a session only', { cookie: owner.cookie }, 'Bearer', { message: glassesApiMessages.tokenRequired }],
      ['sync, another scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, 'Bearer', { message: glassesApiMessages.tokenRequired }],
      ['sync, a malformed token', { authorization: 'Bearer not a token!' }, 'Bearer error="invalid_token"', INVALID_TOKEN],
      ['sync, an empty token', { authorization: 'Bearer ' }, 'Bearer error="invalid_token"', INVALID_TOKEN],
      ['sync, an unknown token', bearer('A'.repeat(43)), 'Bearer error="invalid_token"', INVALID_TOKEN],
      ['sync, an oversized token', bearer('A'.repeat(5000)), 'Bearer error="invalid_token"', INVALID_TOKEN],
    ];
    for (const [label, headers, challenge, body] of cases) {
      const res = await sync(headers);
      expect([res.statusCode, res.headers['www-authenticate'], res.json()], label).toEqual([401, challenge, body]);
    }
    const put = await t.app.inject({ method: 'PUT', url: '/device-api/installed-features', payload: { features: {} } });
    expect([put.statusCode, put.headers['www-authenticate']]).toEqual([401, 'Bearer']);
  });

  it('refuses a bad token on the face backend even beside a valid session; other schemes leave the session to decide', async () => {
    const none = await faceCall('POST', 'get_all_faces', { email: owner.input.email }, {});
    expect([none.statusCode, none.headers['www-authenticate'], none.json()]).toEqual([401, 'Bearer', { message: 'Please sign in to continue.' }]);
    const bad = await faceCall('POST', 'get_all_faces', { email: owner.input.email }, { cookie: owner.cookie, authorization: 'Bearer stale-token' });
    expect([bad.statusCode, bad.headers['www-authenticate'], bad.json()]).toEqual([401, 'Bearer error="invalid_token"', INVALID_TOKEN]);
    const basic = await faceCall('POST', 'get_all_faces', { email: owner.input.email }, { cookie: owner.cookie, authorization: 'Basic Zm9vOmJhcg==' });
    expect(basic.statusCode).toBe(200);
  });

  it("does not open the browser's API to the token, whatever its scopes: 403 insufficient_scope", async () => {
    for (const url of ['/api/profile', '/api/devices', '/api/contacts', '/api/features', '/api/account/sessions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(glasses.token) });
      expect([res.statusCode, res.headers['www-authenticate'], res.json()], url).toEqual([
        403,
        'Bearer error="insufficient_scope"',
        { message: glassesApiMessages.notForGlasses, code: 'insufficient_scope' },
      ]);
    }
    const asBrowser = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { ...bearer(glasses.token), cookie: owner.cookie } });
    expect(asBrowser.statusCode).toBe(200);
  });

  it('keeps the last-seen time: never before the first call, then written at most once a minute', async () => {
    const { cookie } = await signedInUser(t);
    const fresh = await pairGlasses(t, cookie, 'New frames');
    const lastSeen = async () => ((await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } })).json().devices[0] as { lastSeenAt: string | null }).lastSeenAt;
    expect(await lastSeen()).toBeNull();
    expect((await sync(bearer(fresh.token))).statusCode).toBe(200);
    const first = await lastSeen();
    expect(first).not.toBeNull();
    expect((await sync(bearer(fresh.token))).statusCode).toBe(200);
    expect(await lastSeen()).toBe(first);
    await devicesServiceAt(t, { offsetMs: 61_000 }).identify(hashToken(fresh.token));
    expect(Date.parse((await lastSeen())!)).toBeGreaterThan(Date.parse(first!));
  });

  it('refuses the token at once after Unpair, on every call', async () => {
    const { cookie, input } = await signedInUser(t);
    const pair = await pairGlasses(t, cookie, 'Old frames');
    const keep = await pairGlasses(t, cookie, 'Other frames');
    expect((await sync(bearer(pair.token))).statusCode).toBe(200);
    const unpaired = await t.app.inject({ method: 'DELETE', url: `/api/devices/${pair.deviceId}`, headers: { cookie } });
    expect(unpaired.statusCode).toBe(200);

    const after = await sync(bearer(pair.token));
    expect([after.statusCode, after.headers['www-authenticate'], after.json()]).toEqual([401, 'Bearer error="invalid_token"', INVALID_TOKEN]);
    const face = await faceCall('POST', 'get_all_faces', { email: input.email }, bearer(pair.token));
    expect(face.statusCode).toBe(401);
    const report = await t.app.inject({ method: 'PUT', url: '/device-api/installed-features', headers: bearer(pair.token), payload: { features: { magnify: '1.0' } } });
    expect(report.statusCode).toBe(401);
    expect((await sync(bearer(keep.token))).statusCode).toBe(200);
  });
});
