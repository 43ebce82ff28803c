import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { photoProblemMessages, type PhotoProblem } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { encodeBody, multipart } from '../../../../../test-kit/transport.ts';

/** The repository's photos made too small, dark, bright, blurred and turned (test-data/faces/README.md, quality/). */
const POOR: Array<[string, PhotoProblem]> = [
  ['too-small-neutral.jpg', 'too-small'],
  ['too-dark-happy.jpg', 'too-dark'],
  ['too-bright-sad.jpg', 'too-bright'],
  ['blurred-neutral.jpg', 'blurred'],
  ['turned-leonard.jpg', 'turned'],
];

describe.each(engines)('photos checked before they are kept, and look-alikes, on %s (issue #32)', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  const send = async (url: string, fields: Record<string, string | Blob>) => {
    const { payload, headers } = await encodeBody(multipart(fields), { cookie: owner.cookie });
    const res = await t.app.inject({ method: 'POST', url, payload, headers });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };
  const file = (...at: string[]) => new File([new Uint8Array(fs.readFileSync(faceFixture(...at)))], 'photo.jpg', { type: 'image/jpeg' });
  const store = (name: string, photo: File, faceId = randomUUID()) => send('/face-api/store_face', { email: owner.input.email, name, face_id: faceId, file: photo });
  const people = () => t.infrastructure.database.db.selectFrom('faces').select('name').where('user_id', '=', owner.user.uid).execute();

  it.each(POOR)('refuses %s with what to do (%s), keeping nothing', async (name, problem) => {
    const refused = await store('Poor photo', file('quality', name));
    expect(refused).toEqual({ status: 422, json: { message: photoProblemMessages[problem], field: 'file' } });
    expect(await people()).toEqual([]);
  });

  it('keeps a good photo, refuses a poor one as a second photo of the same person, and says why a test photo is poor', async () => {
    const kept = await store('Asha', file('single', 'neutral.jpg'));
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    const faceId = kept.json.face_id as string;
    expect(await send(`/face-api/faces/${faceId}/photos`, { file: file('quality', 'too-dark-sad.jpg') })).toEqual({
      status: 422,
      json: { message: photoProblemMessages['too-dark'], field: 'file' },
    });
    expect(kept.json.photo_count).toBe(1);
    const tested = await send('/face-api/test_recognition', { file: file('quality', 'blurred-happy.jpg') });
    expect(tested.status).toBe(200);
    expect(tested.json.photo_problem).toBe(photoProblemMessages.blurred);
  });

  it('says whom a new photo looks like before anything is stored, and keeps the two apart once named otherwise', async () => {
    const check = await send('/face-api/recognize', { email: owner.input.email, file: file('formats', 'neutral-webp.jpg') });
    expect(check.json.person).toEqual(expect.objectContaining({ name: 'Asha' }));
    expect(await people()).toEqual([{ name: 'Asha' }]);

    // 'It's someone else' (here the same picture saved again, as close as a look-alike can be): the user names the photo
    // otherwise, and the portal remembers they are two people.
    const other = await store('Asha’s sister', file('formats', 'neutral-webp.jpg'));
    expect(other.status, JSON.stringify(other.json)).toBe(200);
    const pairs = await t.infrastructure.database.db.selectFrom('face_pairs_apart').select(['face_a', 'face_b']).where('user_id', '=', owner.user.uid).execute();
    expect(pairs).toHaveLength(1);
    expect([pairs[0]!.face_a, pairs[0]!.face_b]).toContain(other.json.face_id);
  });
});
