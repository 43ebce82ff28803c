import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { faceMessages, photoMessages, type FacePhoto, type FacePhotosAnswer, type RecognizeAnswer, type SyncAnswer } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairGlasses } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { encodeBody, multipart } from '../../../../../test-kit/transport.ts';
import { zipEntries } from '../../../../../test-kit/zip-entries.ts';

const photo = (name: string) => fs.readFileSync(faceFixture('people', name.replace(/\d$/, ''), `${name}.png`));
const file = (data: Buffer) => new File([new Uint8Array(data)], 'face.png', { type: 'image/png' });

describe.each(engines)('a person with several photos on %s (issue #32)', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInUser(t);
    other = await signedInUser(t);
  });
  afterAll(() => t.close());

  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, who: { cookie: string }, fields?: Record<string, string | Blob>) => {
    const { payload, headers } = await encodeBody(fields ? multipart(fields) : undefined, { cookie: who.cookie });
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, json: res.body ? (res.json() as Record<string, unknown>) : {} };
  };
  const store = (who: typeof owner, name: string, data: Buffer) => send('POST', '/face-api/store_face', who, { email: who.input.email, name, face_id: randomUUID(), file: file(data) });
  const addPhoto = (who: typeof owner, faceId: string, data: Buffer) => send('POST', `/face-api/faces/${faceId}/photos`, who, { file: file(data) });
  const photosOf = async (who: typeof owner, faceId: string) => (await send('GET', `/face-api/faces/${faceId}/photos`, who)).json as unknown as FacePhotosAnswer;
  const list = async (who: typeof owner) => (await send('POST', '/face-api/get_all_faces', who, { email: who.input.email })).json as unknown as Array<{ face_id: string; name: string; photo_count: number }>;
  const recognize = async (who: typeof owner, data: Buffer) => (await send('POST', '/face-api/recognize', who, { email: who.input.email, file: file(data) })).json as unknown as RecognizeAnswer;

  let amy = '';

  it('adds photos to a person, counts them, lists them oldest first with their quality and serves each to its owner only', async () => {
    const stored = await store(owner, 'Amy', photo('amy1'));
    expect(stored.status, JSON.stringify(stored.json)).toBe(200);
    amy = stored.json.face_id as string;
    expect(stored.json.photo_count).toBe(1);

    const second = await addPhoto(owner, amy, photo('amy2'));
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    expect(second.json).toEqual(expect.objectContaining({ face_id: amy, number: 2, quality: expect.stringMatching(/^(good|usable)$/) }));
    expect((await addPhoto(owner, amy, photo('amy3'))).status).toBe(201);

    expect((await list(owner)).map((f) => [f.name, f.photo_count])).toEqual([['Amy', 3]]);
    const { name, photos } = await photosOf(owner, amy);
    expect(name).toBe('Amy');
    expect(photos.map((p: FacePhoto) => p.number)).toEqual([1, 2, 3]);
    for (const p of photos) {
      expect((await t.app.inject({ method: 'GET', url: p.photo_url, headers: { cookie: owner.cookie } })).headers['content-type']).toMatch(/^image\//);
      expect((await t.app.inject({ method: 'GET', url: p.photo_url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    }
    expect((await send('GET', `/face-api/faces/${amy}/photos`, other)).status).toBe(404);
  });

  it("refuses a photo for another account's person, a sixth photo, a foreign photo id and the last photo, changing nothing", async () => {
    expect(await addPhoto(other, amy, photo('amy4'))).toEqual({ status: 404, json: expect.objectContaining({ message: faceMessages.faceNotFound }) });
    expect((await addPhoto(owner, amy, photo('amy4'))).status).toBe(201);
    expect((await addPhoto(owner, amy, photo('amy5'))).status).toBe(201);
    expect(await addPhoto(owner, amy, photo('amy1'))).toEqual({ status: 409, json: expect.objectContaining({ message: photoMessages.tooManyPhotos }) });
    expect(photoMessages.tooManyPhotos).toBe('A person can have up to 5 photos. Delete one first.');

    const bernadette = (await store(owner, 'Bernadette', photo('bernadette1'))).json.face_id as string;
    const [amysFirst] = (await photosOf(owner, amy)).photos;
    expect((await send('DELETE', `/face-api/faces/${bernadette}/photos/${amysFirst!.photo_id}`, owner)).status).toBe(404);
    const [only] = (await photosOf(owner, bernadette)).photos;
    expect(await send('DELETE', `/face-api/faces/${bernadette}/photos/${only!.photo_id}`, owner)).toEqual({
      status: 409,
      json: expect.objectContaining({ message: 'A person needs at least one photo. Delete the person instead.' }),
    });
    expect((await list(owner)).map((f) => [f.name, f.photo_count])).toEqual(expect.arrayContaining([['Amy', 5], ['Bernadette', 1]]));
  });

  it('deletes a photo: the count falls, its picture is gone, and the activity says what happened', async () => {
    const [, second] = (await photosOf(owner, amy)).photos;
    expect(await send('DELETE', `/face-api/faces/${amy}/photos/${second!.photo_id}`, owner)).toEqual({ status: 200, json: { message: 'Photo deleted' } });
    expect((await photosOf(owner, amy)).photos.map((p) => p.number)).toEqual([1, 2, 3, 4]);
    expect((await t.app.inject({ method: 'GET', url: second!.photo_url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    const activity = (await send('GET', '/api/activity', owner)).json as { events: Array<{ label: string }> };
    expect(activity.events.map((e) => e.label)).toEqual(expect.arrayContaining(['Photo added to Amy', 'Photo deleted from Amy']));
  });

  it('lets only one of two photos added at once take the last place', async () => {
    const penny = (await store(owner, 'Penny', photo('penny1'))).json.face_id as string;
    for (const n of [2, 3, 4]) expect((await addPhoto(owner, penny, photo(`penny${n}`))).status).toBe(201);
    const both = await Promise.all([addPhoto(owner, penny, photo('penny5')), addPhoto(owner, penny, photo('penny1'))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await photosOf(owner, penny)).photos).toHaveLength(5);
  });

  it('recognises a person from a photo it never kept, says how sure, and stores nothing', async () => {
    const before = (await list(owner)).map((f) => f.photo_count);
    const answer = await recognize(owner, photo('amy5'));
    expect(answer.match?.name).toBe('Amy');
    expect(answer.person).toEqual(expect.objectContaining({ face_id: amy, name: 'Amy', photo_id: expect.any(String) }));
    expect(['very-sure', 'fairly-sure']).toContain(answer.confidence);
    expect(answer.model_version).toEqual(expect.any(String));
    expect(answer.faces).toHaveLength(1);
    expect((await list(owner)).map((f) => f.photo_count)).toEqual(before);

    const stranger = await recognize(owner, photo('sheldon1'));
    expect(stranger).toEqual(expect.objectContaining({ match: null, faceCount: 1 }));
    const group = await recognize(owner, fs.readFileSync(faceFixture('many-faces', 'bbt1.jpg')));
    expect(group.faces.length).toBeGreaterThan(1);
    const xs = group.faces.map((f) => f.box.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('sends the glasses a person again, whole, when a photo is added or deleted', async () => {
    const glasses = await pairGlasses(t, owner.cookie);
    const sync = async (since?: string) =>
      (await t.app.inject({ method: 'GET', url: `/device-api/sync${since ? `?since=${encodeURIComponent(since)}` : ''}`, headers: { authorization: `Bearer ${glasses.token}` } })).json() as SyncAnswer;
    const start = await sync();
    expect(start.faces.find((f) => f.face_id === amy)?.photos).toHaveLength(4);
    const bernadette = start.faces.find((f) => f.name === 'Bernadette')!;
    expect((await addPhoto(owner, bernadette.face_id, photo('bernadette2'))).status).toBe(201);
    const delta = await sync(start.cursor);
    expect(delta.faces.map((f) => [f.name, f.photos.length])).toEqual([['Bernadette', 2]]);
    expect(Buffer.from(delta.faces[0]!.photos[0]!.descriptor, 'base64')).toHaveLength(132);
  });

  it('puts every photo in the data download, named after the person and numbered', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: { cookie: owner.cookie } });
    const entries = await zipEntries(res.rawPayload);
    for (const name of ['faces/Amy 1.png', 'faces/Amy 4.png', 'faces/Bernadette 2.png']) expect(entries.has(name), name).toBe(true);
    const faces = JSON.parse(entries.get('faces.json')!.toString()).faces as Array<{ name: string; photos: Array<{ image: string }> }>;
    expect(faces.find((f) => f.name === 'Amy')?.photos.map((p) => p.image)).toEqual(['faces/Amy 1.png', 'faces/Amy 2.png', 'faces/Amy 3.png', 'faces/Amy 4.png']);
    expect(entries.get('index.html')!.toString()).toContain('Photo 2 of Bernadette');
  });
});
