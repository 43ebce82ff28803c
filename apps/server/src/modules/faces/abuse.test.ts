import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { faceMessages, MAX_FACES_PER_USER } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_USER_COLUMNS, type SignedInUser } from '../../db/signed-in-user.ts';
import { DESCRIPTOR_MODEL_VERSION, type FaceEngine } from '../../face-engine/face-engine.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { createFacesService } from './service.ts';

const fixture = (name: string) => fs.readFileSync(faceFixture(name));

/** A multipart body the way a browser's FormData sends it. */
function multipart(fields: Record<string, string | Buffer>) {
  const boundary = `----seva${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    else parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), value, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A face engine whose every analysis waits until the test lets it go: what is in flight can be counted without timing. */
function heldEngine() {
  const held: Array<() => void> = [];
  const engine: FaceEngine = {
    analyse: async () => {
      await new Promise<void>((resolve) => held.push(resolve));
      return { image: Buffer.alloc(0), mime: 'image/jpeg', modelVersion: DESCRIPTOR_MODEL_VERSION, width: 1, height: 1, faces: [] };
    },
    detect: async () => ({ width: 1, height: 1, faces: [] }),
    close: async () => undefined,
  };
  return { engine, held, releaseAll: () => held.splice(0).forEach((release) => release()) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe.each(engines)('one user cannot take the face service from others on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.infrastructure.database.db;
  const callerOf = async (uid: string) =>
    (await db().selectFrom('users').select(SIGNED_IN_USER_COLUMNS).where('uid', '=', uid).executeTakeFirstOrThrow()) as SignedInUser;
  const send = (method: 'POST' | 'DELETE', url: string, user: { cookie: string }, fields: Record<string, string | Buffer>) => {
    const body = multipart(fields);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
  };

  it('has at most two of one user\'s pictures analysed at once, and still serves another user meanwhile', async () => {
    const [alice, bob] = [await signedInUser(t), await signedInUser(t)];
    const { engine: held, held: waiting, releaseAll } = heldEngine();
    const faces = createFacesService({ db: db(), blobs: t.infrastructure.blobs, engine: () => held, engineSlots: 4 });
    const [aliceCaller, bobCaller] = [await callerOf(alice.user.uid), await callerOf(bob.user.uid)];
    const image = fixture('single/neutral.jpg');

    const first = [faces.recognize(aliceCaller, alice.input.email, image), faces.recognize(aliceCaller, alice.input.email, image)];
    await settle();
    await expect(faces.recognize(aliceCaller, alice.input.email, image)).rejects.toMatchObject({ kind: 'too-many', message: faceMessages.analysesInFlight });
    const bobs = faces.recognize(bobCaller, bob.input.email, image);
    await settle();
    expect(waiting).toHaveLength(3);
    releaseAll();
    await Promise.all([...first, bobs]);
    const again = faces.recognize(aliceCaller, alice.input.email, image);
    await settle();
    releaseAll();
    await expect(again).resolves.toEqual({ match: null, faceCount: 0 });
  });

  it(`stops at ${MAX_FACES_PER_USER} faces with a clear message, before the picture is analysed`, async () => {
    const user = await signedInUser(t);
    const now = new Date().toISOString();
    const rows = Array.from({ length: MAX_FACES_PER_USER }, (_, i) => ({
      face_id: randomUUID(),
      user_id: user.user.uid,
      name: `Face ${i}`,
      name_key: `face ${i}`,
      consent_at: now,
      created_at: now,
      change_seq: 0,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 250) await db().insertInto('faces').values(rows.slice(i, i + 250)).execute();

    // Not even an image: the quota answers before any analysis would refuse the file.
    const res = await send('POST', '/face-api/store_face', user, { email: user.input.email, name: 'One too many', face_id: randomUUID(), file: Buffer.from('not an image') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: faceMessages.quotaReached });
    expect(faceMessages.quotaReached).toBe('You have reached the limit of 1,000 faces. Please delete faces you no longer need before adding new ones.');
    const count = await db().selectFrom('faces').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.user.uid).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_FACES_PER_USER);
  });

  it("lets two users choose the same face_id, and never tells one that the other has it", async () => {
    const [alice, bob] = [await signedInUser(t), await signedInUser(t)];
    const faceId = randomUUID();
    const store = (user: typeof alice, name: string, file: string) =>
      send('POST', '/face-api/store_face', user, { email: user.input.email, name, face_id: faceId, file: fixture(file) });
    expect((await store(alice, 'Amy', 'people/amy/amy1.png')).statusCode).toBe(200);
    const bobs = await store(bob, 'Penny', 'people/penny/penny1.png');
    expect(bobs.statusCode, bobs.body).toBe(200);
    expect(bobs.json().face_id).toBe(faceId);

    const list = async (user: typeof alice) => (await send('POST', '/face-api/get_all_faces', user, { email: user.input.email })).json();
    expect((await list(alice)).map((f: { name: string }) => f.name)).toEqual(['Amy']);
    expect((await list(bob)).map((f: { name: string }) => f.name)).toEqual(['Penny']);

    expect((await send('DELETE', '/face-api/delete_face', bob, { email: bob.input.email, face_id: faceId })).statusCode).toBe(200);
    expect((await list(alice)).map((f: { name: string }) => f.name)).toEqual(['Amy']);
    const image = await t.app.inject({ method: 'GET', url: `/face-api/image/${faceId}`, headers: { cookie: alice.cookie } });
    expect(image.statusCode).toBe(200);
    // The user's own face_id again is still refused, as before.
    expect((await store(alice, 'Amy again', 'people/amy/amy2.png')).json()).toEqual({ message: faceMessages.faceIdUsed, field: 'face_id' });
  });
});
