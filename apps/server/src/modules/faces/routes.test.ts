import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { duplicateFaceNameMessage, faceMessages } from '@seva/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { neutralGrid } from '../../testing/heif-files.ts';

const fixture = (name: string) => fs.readFileSync(faceFixture(name));

/** A multipart body the way a browser's FormData sends it. */
function multipart(fields: Record<string, string | { data: Buffer; filename: string; type: string }>) {
  const boundary = `----seva${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`));
      parts.push(value.data, Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const jpeg = (data: Buffer, filename = 'face.jpg') => ({ data, filename, type: 'image/jpeg' });

describe.each(engines)('face backend on %s', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInUser(t);
    other = await signedInUser(t);
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, user: { cookie: string } | null, fields: Parameters<typeof multipart>[0]) => {
    const body = multipart(fields);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}) } });
  };
  const store = (user: typeof owner, name: string, file: Buffer | { data: Buffer; filename: string; type: string }, faceId = randomUUID()) =>
    call('POST', '/face-api/store_face', user, { file: Buffer.isBuffer(file) ? jpeg(file) : file, name, email: user.input.email, face_id: faceId });
  const list = async (user: typeof owner) => {
    const res = await call('POST', '/face-api/get_all_faces', user, { email: user.input.email });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ face_id: string; name: string; face_url: string; timestamp: string }>;
  };
  const blobCount = async () => {
    if (engine === 'postgres') {
      const row = await t.infrastructure.database.db.selectFrom('blobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const dir = path.join(t.config.dataDir, 'blobs', 'faces');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => !String(f).endsWith('.type') && fs.statSync(path.join(dir, String(f))).isFile()).length : 0;
  };

  it('stores a face, lists it and serves its image to its owner only, without EXIF', async () => {
    const withGps = await sharp(fixture('single/neutral.jpg')).withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } }).jpeg().toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const res = await store(owner, '  Amy Farrah  ', withGps);
    expect(res.statusCode, res.body).toBe(200);
    const face = res.json();
    expect(face.name).toBe('Amy Farrah');
    expect(face.face_url).toBe(`/face-api/image/${face.face_id}`);

    const faces = await list(owner);
    expect(faces.map((f) => f.name)).toEqual(['Amy Farrah']);
    expect(Object.keys(faces[0] ?? {}).sort()).toEqual(['consent_at', 'face_box', 'face_id', 'face_url', 'name', 'photo_count', 'timestamp']);

    const image = await t.app.inject({ method: 'GET', url: face.face_url, headers: { cookie: owner.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();

    expect((await t.app.inject({ method: 'GET', url: face.face_url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: face.face_url })).statusCode).toBe(401);
    expect(await list(other)).toEqual([]);
  });

  it('refuses a duplicate name, compared trimmed and ignoring case, with SPEC\'s message', async () => {
    await store(owner, 'Howard', fixture('people/howard/howard1.png'));
    const before = await blobCount();
    const res = await store(owner, '  howard ', fixture('people/howard/howard2.png'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(duplicateFaceNameMessage('howard'));
    expect(await blobCount()).toBe(before);
  });

  it.each([
    ['no face', 'no-face/white.png', faceMessages.noFace],
    ['several faces', 'many-faces/bbt1.jpg', /^This image shows \d+ faces\. Please use a photo with only one face\.$/],
  ])('refuses an image with %s, storing nothing', async (_label, file, message) => {
    const before = (await list(owner)).length;
    const blobs = await blobCount();
    const res = await store(owner, `Refused ${randomUUID()}`, fixture(file));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(message);
    expect((await list(owner)).length).toBe(before);
    expect(await blobCount()).toBe(blobs);
  });

  it.each([
    ['a WebP photo named .jpg', { data: fixture('formats/neutral-webp.jpg'), filename: 'IMG_2041.jpg', type: 'image/jpeg' }],
    ['an iPhone HEIC photo', { data: fixture('formats/neutral.heic'), filename: 'IMG_0420.HEIC', type: 'image/heic' }],
    ['an iPhone HEIC photo sent with no type', { data: fixture('formats/neutral.heic'), filename: 'photo', type: 'application/octet-stream' }],
  ])('accepts %s and stores it as a JPEG', async (_label, file) => {
    const res = await store(owner, `Phone ${randomUUID()}`, file);
    expect(res.statusCode, res.body).toBe(200);
    const image = await t.app.inject({ method: 'GET', url: res.json().face_url, headers: { cookie: owner.cookie } });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 608, height: 276 });
  });

  it('keeps where the face is in a tall photo, so its thumbnail can show the face and not the middle', async () => {
    // 400x900: the face is in the top 300 pixels, and a centred square (250 to 650) holds none of it.
    const res = await store(owner, `Tall ${randomUUID()}`, fixture('formats/tall-sad.jpg'));
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await list(owner)).find((face) => face.face_id === res.json().face_id) as { face_box?: Record<string, number> } | undefined;
    expect(res.json().face_box).toEqual(listed?.face_box);
    const box = listed?.face_box ?? {};
    expect(box).toMatchObject({ image_width: 400, image_height: 900 });
    expect(box.width).toBeGreaterThan(40);
    expect(box.y! + box.height!).toBeLessThanOrEqual(250);
  });

  const damaged = 'The image file is damaged or incomplete and cannot be read.';
  it.each([
    ['a text file', Buffer.from('hello, this is not an image'), faceMessages.invalidImageFormat],
    ['a truncated JPEG', fixture('single/happy.jpg').subarray(0, 2000), damaged],
    ['a PNG header and garbage', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]), damaged],
    ['a 28 KB HEIC grid of 28 megapixels that declares 608x276', neutralGrid(13, 13, { width: 608, height: 276 }), 'The image is too large: it must have at most 25 megapixels.'],
  ])('refuses %s with a clear message, storing nothing', async (_label, data, message) => {
    const blobs = await blobCount();
    const res = await store(owner, `Bad ${randomUUID()}`, data);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(await blobCount()).toBe(blobs);
  });

  it('refuses a file over 5 MB with SPEC\'s message', async () => {
    const big = Buffer.concat([fixture('single/happy.jpg'), Buffer.alloc(5_242_881)]);
    const res = await store(owner, 'Too big', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(faceMessages.imageTooLarge);
  });

  it.each([
    [{ name: '   ' }, faceMessages.nameRequired],
    [{ name: 'x'.repeat(101) }, faceMessages.nameTooLong],
    [{ face_id: 'not-a-uuid' }, faceMessages.faceIdInvalid],
    [{ email: '' }, faceMessages.userEmailMissing],
  ])('refuses bad fields %o', async (override, message) => {
    const fields = { name: 'Field test', email: owner.input.email, face_id: randomUUID(), file: jpeg(fixture('single/neutral.jpg')), ...override };
    const res = await call('POST', '/face-api/store_face', owner, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a missing file and a reused face_id', async () => {
    const missing = await call('POST', '/face-api/store_face', owner, { name: 'No file', email: owner.input.email, face_id: randomUUID() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(faceMessages.fileMissing);
    const faceId = randomUUID();
    expect((await store(owner, 'Penny', fixture('people/penny/penny1.png'), faceId)).statusCode).toBe(200);
    const again = await store(owner, 'Penny again', fixture('people/penny/penny2.png'), faceId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(faceMessages.faceIdUsed);
  });

  it('renames a face with the same name rules, and only the owner\'s', async () => {
    const { face_id } = (await store(owner, 'Raj', fixture('people/raj/raj1.png'))).json();
    const rename = (user: typeof owner, updated: string, id = face_id) =>
      call('PUT', '/face-api/update_face_name', user, { email: user.input.email, name: 'Raj', updated_name: updated, face_id: id });
    expect((await rename(owner, '   ')).json().message).toBe(faceMessages.nameEmpty);
    expect((await rename(owner, ' HOWARD ')).statusCode).toBe(409);
    expect((await rename(owner, 'raj')).statusCode).toBe(200);
    const ok = await rename(owner, 'Rajesh');
    expect(ok.statusCode).toBe(200);
    expect((await list(owner)).map((f) => f.name)).toContain('Rajesh');
    expect((await rename(other, 'Stolen')).statusCode).toBe(404);
    expect((await rename(owner, 'Ghost', randomUUID())).statusCode).toBe(404);
  });

  it('deletes record and image together, and only the owner\'s', async () => {
    const { face_id, face_url } = (await store(owner, 'Stuart', fixture('people/stuart/stuart1.png'))).json();
    const blobs = await blobCount();
    const remove = (user: typeof owner, id = face_id) => call('DELETE', '/face-api/delete_face', user, { email: user.input.email, face_id: id });
    expect((await remove(other)).statusCode).toBe(404);
    expect((await remove(owner)).statusCode).toBe(200);
    expect((await list(owner)).map((f) => f.face_id)).not.toContain(face_id);
    expect(await blobCount()).toBe(blobs - 1);
    expect((await t.app.inject({ method: 'GET', url: face_url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await remove(owner)).statusCode).toBe(404);
  });

  it('recognises a taught person and no one else', async () => {
    await store(owner, 'Sheldon', fixture('people/sheldon/sheldon1.png'));
    const probe = (user: typeof owner, file: string) =>
      call('POST', '/face-api/recognize', user, { email: user.input.email, file: { data: fixture(file), filename: 'p.png', type: 'image/png' } });
    const known = await probe(owner, 'people/sheldon/sheldon3.png');
    expect(known.statusCode).toBe(200);
    expect(known.json().match).toMatchObject({ name: 'Sheldon' });
    expect(known.json().match.distance).toBeLessThan(0.6);
    expect((await probe(owner, 'people/leonard/leonard2.png')).json()).toMatchObject({ match: null, faceCount: 1, person: null, confidence: null });
    expect((await probe(other, 'people/sheldon/sheldon3.png')).json()).toMatchObject({ match: null, faceCount: 1, person: null, confidence: null });
  });

  it('counts the faces in a photo as store_face does, so a screen can refuse it before naming', async () => {
    const probe = (file: string) =>
      call('POST', '/face-api/recognize', owner, { email: owner.input.email, file: { data: fixture(file), filename: 'p.png', type: 'image/png' } });
    expect((await probe('no-face/white.png')).json()).toMatchObject({ match: null, faceCount: 0, faces: [] });
    expect((await probe('many-faces/bbt1.jpg')).json().faceCount).toBeGreaterThan(1);
  });

  it('detects faces in a camera frame for spoken guidance', async () => {
    const frame = await sharp(fixture('single/neutral.jpg')).resize(320, 240, { fit: 'contain' }).jpeg().toBuffer();
    const res = await call('POST', '/face-api/detect_faces', owner, { email: owner.input.email, file: jpeg(frame) });
    expect(res.statusCode).toBe(200);
    expect(res.json().faces).toHaveLength(1);
  });

  it('answers 401 without a session and 403 for another user\'s email, changing nothing', async () => {
    const count = (await list(owner)).length;
    const fields = { email: owner.input.email, name: 'Intruder', face_id: randomUUID(), file: jpeg(fixture('single/face1.png')) };
    for (const [method, url] of [
      ['POST', '/face-api/get_all_faces'],
      ['POST', '/face-api/store_face'],
      ['PUT', '/face-api/update_face_name'],
      ['DELETE', '/face-api/delete_face'],
      ['POST', '/face-api/recognize'],
    ] as const) {
      expect((await call(method, url, null, fields)).statusCode, `${method} ${url}`).toBe(401);
    }
    const forged = await call('POST', '/face-api/store_face', other, fields);
    expect(forged.statusCode).toBe(403);
    expect((await call('POST', '/face-api/get_all_faces', other, { email: owner.input.email })).statusCode).toBe(403);
    expect((await list(owner)).length).toBe(count);
  });

  it('leaves no image behind when writing the record fails', async () => {
    const db = t.infrastructure.database.db;
    const { sql } = await import('kysely');
    if (engine === 'sqlite') {
      await sql`CREATE TRIGGER refuse_faces BEFORE INSERT ON faces BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION refuse_faces() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER refuse_faces BEFORE INSERT ON faces FOR EACH ROW EXECUTE FUNCTION refuse_faces()`.execute(db);
    }
    const blobs = await blobCount();
    const res = await store(owner, 'Bernadette', fixture('people/bernadette/bernadette1.png'));
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toMatch(/refused|stack|sql/i);
    expect(await blobCount()).toBe(blobs);
    await sql`DROP TRIGGER refuse_faces${sql.raw(engine === 'postgres' ? ' ON faces' : '')}`.execute(db);
  });
});
