import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { zipEntries } from '../../../../../test-kit/zip-entries.ts';
import { pairGlasses } from '../../testing/paired-glasses.ts';
import { storeFacesDirectly, type StoredFace } from '../../testing/stored-faces.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

describe.each(engines)('Download my data on %s', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let faces: StoredFace[];

  const stores = () => ({ db: t.infrastructure.database.db, blobs: t.infrastructure.blobs });
  const exportFor = (cookie: string | undefined, headers: Record<string, string> = {}, body?: object) =>
    t.app.inject({ method: 'POST', url: '/api/account/export', headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(body ? { payload: body } : {}) });

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInUser(t);
    other = await signedInUser(t);
    const { db } = t.infrastructure.database;
    const blobs = t.infrastructure.blobs;
    const png = await sharp(fs.readFileSync(faceFixture('single', 'neutral.jpg'))).resize(64).png().toBuffer();
    faces = await storeFacesDirectly({ db, blobs }, owner.user.uid, [
      { name: 'Amy Farrah', image: fs.readFileSync(faceFixture('single', 'neutral.jpg')), mime: 'image/jpeg' },
      { name: 'Ben Okafor', image: png, mime: 'image/png' },
    ]);
    await storeFacesDirectly({ db, blobs }, other.user.uid, [{ name: 'Someone Else', image: png, mime: 'image/png' }]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/contacts',
      headers: { cookie: owner.cookie },
      payload: { primary: { name: 'Carol Primary', countryCode: '+44', phoneNumber: '7700900123' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await pairGlasses(t, owner.cookie, 'Kitchen glasses');
  });
  afterAll(() => t.close());

  it('streams seva-data-YYYY-MM-DD.zip opening with index.html, then the account, contacts, faces and their pictures byte for byte, glasses and activity', async () => {
    const answer = await exportFor(owner.cookie, { 'user-agent': FIREFOX });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="seva-data-${day}.zip"`);
    // The length is known before the first byte, so the browser can show real progress.
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);

    const files = await zipEntries(answer.rawPayload);
    const [amy, ben] = faces as [StoredFace, StoredFace];
    // It opens with the page; each photo is named after its person; the QR code is a picture of its own.
    expect([...files.keys()][0]).toBe('index.html');
    expect([...files.keys()].sort()).toEqual(
      ['index.html', 'account.json', 'identity-qr.png', 'activity.json', 'emergency-contacts.json', 'faces.json', 'faces/Amy Farrah 1.jpg', 'faces/Ben Okafor 1.png', 'helpers.json', 'paired-glasses.json'].sort(),
    );
    expect(files.get('faces/Amy Farrah 1.jpg')?.equals(amy.image)).toBe(true);
    expect(files.get('faces/Ben Okafor 1.png')?.equals(ben.image)).toBe(true);
    expect(await sharp(files.get('identity-qr.png')!).metadata()).toMatchObject({ format: 'png' });

    const json = (name: string) => JSON.parse(files.get(name)?.toString('utf8') ?? 'null');
    const account = json('account.json');
    expect(account).toMatchObject({
      uid: owner.user.uid,
      email: owner.input.email,
      username: owner.input.username,
      license_id: owner.input.licenseId,
      phone: `${owner.input.countryCode}${owner.input.phoneNumber}`,
      role: 'user',
      accessLevel: 1,
      isActive: true,
      isVerified: true,
      version: '1.0',
    });
    expect(account.QRCode).toBe('identity-qr.png');

    expect(json('emergency-contacts.json').emergency_contacts).toEqual([expect.objectContaining({ name: 'Carol Primary', country_code: '+44', phone_number: '7700900123', is_primary: true })]);

    const listed = json('faces.json').faces as Array<Record<string, unknown> & { photos: Array<{ image: string; image_type: string; descriptor: number[] }> }>;
    expect(listed.map((face) => [face.face_id, face.name, face.photos.map((p) => [p.image, p.image_type])])).toEqual([
      [amy.face_id, 'Amy Farrah', [['faces/Amy Farrah 1.jpg', 'image/jpeg']]],
      [ben.face_id, 'Ben Okafor', [['faces/Ben Okafor 1.png', 'image/png']]],
    ]);
    for (const [i, face] of listed.entries()) {
      expect(face).toEqual(expect.objectContaining({ consent_at: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) }));
      // The 128 numbers, read back to the very 32-bit floats stored.
      const stored = new Float32Array(Uint8Array.from(faces[i]!.descriptor).buffer);
      expect(face.photos[0]!.descriptor.map((n) => Math.fround(n))).toEqual(Array.from(stored));
    }

    expect(json('paired-glasses.json').paired_glasses).toEqual([{ name: 'Kitchen glasses', paired_at: expect.any(String), last_seen_at: null }]);
    const activity = json('activity.json').activity as Array<{ event: string; device: string }>;
    expect(activity[0]).toEqual(expect.objectContaining({ event: 'Data downloaded', device: 'Firefox on Windows 10' }));
    expect(activity.map((e) => e.event)).toEqual(expect.arrayContaining(['Signed in', 'Email verified', 'Emergency contacts changed', 'Glasses paired: Kitchen glasses']));

    const page = files.get('index.html')?.toString('utf8') ?? '';
    expect(page).toContain('<title>Your SEVA data</title>');
    expect(page).toContain('<h1>Your SEVA data</h1>');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('<img src="faces/Amy%20Farrah%201.jpg" alt="Photo 1 of Amy Farrah">');
    expect(page).toContain('<img src="identity-qr.png" alt="Your identity QR code"');
    for (const text of ['Carol Primary', '+44 7700900123', 'Kitchen glasses', 'Data downloaded', 'Firefox on Windows 10', owner.input.licenseId]) expect(page).toContain(text);
    for (const name of ['account.json', 'emergency-contacts.json', 'faces.json', 'faces/', 'paired-glasses.json', 'helpers.json', 'activity.json']) expect(page).toContain(name);
    // No time zone was sent: times are in UTC, and the page says so.
    expect(page).toContain('Times are in UTC');
  });

  it("writes index.html's times in the time zone the browser sends", async () => {
    const answer = await exportFor(owner.cookie, { 'content-type': 'application/json' }, { timeZone: 'Asia/Kolkata' });
    expect(answer.statusCode, answer.body).toBe(200);
    const files = await zipEntries(answer.rawPayload);
    const page = files.get('index.html')!.toString('utf8');
    expect(page).toContain('Times are in the Asia/Kolkata time zone');
    const [glasses] = JSON.parse(files.get('paired-glasses.json')!.toString('utf8')).paired_glasses as Array<{ paired_at: string }>;
    const inIndia = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(glasses!.paired_at));
    const inUtc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(glasses!.paired_at));
    expect(inIndia).not.toBe(inUtc);
    expect(page).toContain(`<time datetime="${glasses!.paired_at}">${inIndia}</time>`);

    const unknown = await exportFor(owner.cookie, { 'content-type': 'application/json' }, { timeZone: 'Mars/Olympus_Mons' });
    expect((await zipEntries(unknown.rawPayload)).get('index.html')!.toString('utf8')).toContain('Times are in UTC');
  });

  it('numbers photos whose names come out the same as file names, and keeps every name safe', async () => {
    const fresh = await signedInUser(t);
    const image = Buffer.from('picture');
    await storeFacesDirectly(stores(), fresh.user.uid, [
      { name: 'Ana/Maria', image, mime: 'image/jpeg' },
      { name: 'Ana:Maria', image, mime: 'image/jpeg' },
      { name: '../../secret', image, mime: 'image/jpeg' },
    ]);
    const files = await zipEntries((await exportFor(fresh.cookie)).rawPayload);
    const listed = (JSON.parse(files.get('faces.json')!.toString('utf8')).faces as Array<{ photos: Array<{ image: string }> }>).map((face) => face.photos[0]!.image);
    expect(listed.sort()).toEqual(['faces/Ana_Maria 1 (2).jpg', 'faces/Ana_Maria 1.jpg', 'faces/_.._secret 1.jpg']);
    for (const image of listed) expect(files.has(image), image).toBe(true);
  });

  it('holds no secret anywhere: no password, hash or token field, and none of their values', async () => {
    const answer = await exportFor(owner.cookie);
    const files = await zipEntries(answer.rawPayload);
    const { password_hash: passwordHash } = await t.infrastructure.database.db.selectFrom('users').select('password_hash').where('uid', '=', owner.user.uid).executeTakeFirstOrThrow();
    const tokenHashes = (await t.infrastructure.database.db.selectFrom('sessions').select('token_hash').execute()).map((row) => row.token_hash);
    const sessionToken = owner.cookie.split('=')[1] ?? '';
    for (const [name, data] of files) {
      if (!name.endsWith('.json') && !name.endsWith('.html')) continue;
      const text = data.toString('utf8');
      for (const secret of [owner.input.password, passwordHash, sessionToken, ...tokenHashes]) expect(text, name).not.toContain(secret);
      if (name.endsWith('.json')) expect(keysOf(JSON.parse(text)).filter((key) => /password|hash|token|secret/i.test(key)), name).toEqual([]);
    }
  });

  it("holds only the caller's own data: another user's export has their face, not these", async () => {
    const files = await zipEntries((await exportFor(other.cookie)).rawPayload);
    const listed = JSON.parse(files.get('faces.json')!.toString('utf8')).faces as Array<{ name: string }>;
    expect(listed.map((face) => face.name)).toEqual(['Someone Else']);
    expect(JSON.parse(files.get('account.json')!.toString('utf8')).email).toBe(other.input.email);
    expect(JSON.parse(files.get('paired-glasses.json')!.toString('utf8')).paired_glasses).toEqual([]);
  });

  it('exports an account with nothing in it yet', async () => {
    const fresh = await signedInUser(t);
    const files = await zipEntries((await exportFor(fresh.cookie)).rawPayload);
    expect(JSON.parse(files.get('faces.json')!.toString('utf8'))).toEqual({ faces: [] });
    expect(JSON.parse(files.get('emergency-contacts.json')!.toString('utf8'))).toEqual({ email: fresh.input.email, emergency_contacts: [] });
  });

  it('lists a face whose picture is missing with "image": null rather than failing the download', async () => {
    const fresh = await signedInUser(t);
    const [face] = await storeFacesDirectly(stores(), fresh.user.uid, [{ name: 'Lost Picture', image: Buffer.from('x'), mime: 'image/jpeg' }]);
    await t.infrastructure.blobs.delete(face!.imageKey);
    const answer = await exportFor(fresh.cookie);
    expect(answer.statusCode).toBe(200);
    const files = await zipEntries(answer.rawPayload);
    expect(JSON.parse(files.get('faces.json')!.toString('utf8')).faces).toEqual([expect.objectContaining({ name: 'Lost Picture', photos: [expect.objectContaining({ image: null })] })]);
    expect([...files.keys()].filter((name) => name.startsWith('faces/'))).toEqual([]);
  });

  it('is exactly as long as it says, and opens, with many faces too (the central directory past 64 KB)', async () => {
    const fresh = await signedInUser(t);
    const count = 700;
    await storeFacesDirectly(
      stores(),
      fresh.user.uid,
      Array.from({ length: count }, (_, i) => ({ name: `Person ${i}`, image: Buffer.from(`picture ${i}`), mime: 'image/jpeg' as const })),
    );
    const answer = await exportFor(fresh.cookie);
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    const files = await zipEntries(answer.rawPayload);
    expect([...files.keys()].filter((name) => name.startsWith('faces/'))).toHaveLength(count);
    expect(JSON.parse(files.get('faces.json')!.toString('utf8')).faces).toHaveLength(count);
  });

  it('needs the session: 401 without one, 403 for the glasses\' token, and a cross-site request is refused', async () => {
    expect((await exportFor(undefined)).statusCode).toBe(401);
    expect((await exportFor(owner.cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const glasses = await pairGlasses(t, owner.cookie, 'Hall glasses');
    const withToken = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: { authorization: `Bearer ${glasses.token}` } });
    // The glasses' token is not the browser's session: no scope of it reaches the account's own API.
    expect([withToken.statusCode, withToken.json().code]).toEqual([403, 'insufficient_scope']);
  });
});
