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
  const exportFor = (cookie: string | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/account/export', headers: { ...(cookie ? { cookie } : {}), ...headers } });

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

  it('streams seva-data-YYYY-MM-DD.zip with the account, contacts, faces and their pictures byte for byte, glasses, activity and a README', async () => {
    const answer = await exportFor(owner.cookie, { 'user-agent': FIREFOX });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="seva-data-${day}.zip"`);
    // The length is known before the first byte, so the browser can show real progress.
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);

    const files = await zipEntries(answer.rawPayload);
    const [amy, ben] = faces as [StoredFace, StoredFace];
    expect([...files.keys()].sort()).toEqual(
      ['README.txt', 'account.json', 'activity.json', 'emergency-contacts.json', 'faces.json', `faces/${amy.face_id}.jpg`, `faces/${ben.face_id}.png`, 'helpers.json', 'paired-glasses.json'].sort(),
    );
    expect(files.get(`faces/${amy.face_id}.jpg`)?.equals(amy.image)).toBe(true);
    expect(files.get(`faces/${ben.face_id}.png`)?.equals(ben.image)).toBe(true);

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
    expect(account.QRCode).toMatch(/^data:image\/png;base64,/);

    expect(json('emergency-contacts.json').emergency_contacts).toEqual([expect.objectContaining({ name: 'Carol Primary', country_code: '+44', phone_number: '7700900123', is_primary: true })]);

    const listed = json('faces.json').faces as Array<Record<string, unknown> & { descriptor: number[] }>;
    expect(listed.map((face) => [face.face_id, face.name, face.image, face.image_type])).toEqual([
      [amy.face_id, 'Amy Farrah', `faces/${amy.face_id}.jpg`, 'image/jpeg'],
      [ben.face_id, 'Ben Okafor', `faces/${ben.face_id}.png`, 'image/png'],
    ]);
    for (const [i, face] of listed.entries()) {
      expect(face).toEqual(expect.objectContaining({ consent_at: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) }));
      // The 128 numbers, read back to the very 32-bit floats stored.
      const stored = new Float32Array(Uint8Array.from(faces[i]!.descriptor).buffer);
      expect(face.descriptor.map((n) => Math.fround(n))).toEqual(Array.from(stored));
    }

    expect(json('paired-glasses.json').paired_glasses).toEqual([{ name: 'Kitchen glasses', paired_at: expect.any(String), last_seen_at: null }]);
    const activity = json('activity.json').activity as Array<{ event: string; device: string }>;
    expect(activity[0]).toEqual(expect.objectContaining({ event: 'Data downloaded', device: 'Firefox on Windows 10' }));
    expect(activity.map((e) => e.event)).toEqual(expect.arrayContaining(['Signed in', 'Email verified', 'Emergency contacts changed', 'Glasses paired']));

    const readme = files.get('README.txt')?.toString('utf8') ?? '';
    for (const name of ['account.json', 'emergency-contacts.json', 'faces.json', 'faces/', 'paired-glasses.json', 'activity.json']) expect(readme).toContain(name);
  });

  it('holds no secret anywhere: no password, hash or token field, and none of their values', async () => {
    const answer = await exportFor(owner.cookie);
    const files = await zipEntries(answer.rawPayload);
    const { password_hash: passwordHash } = await t.infrastructure.database.db.selectFrom('users').select('password_hash').where('uid', '=', owner.user.uid).executeTakeFirstOrThrow();
    const tokenHashes = (await t.infrastructure.database.db.selectFrom('sessions').select('token_hash').execute()).map((row) => row.token_hash);
    const sessionToken = owner.cookie.split('=')[1] ?? '';
    for (const [name, data] of files) {
      if (!name.endsWith('.json') && !name.endsWith('.txt')) continue;
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
    expect(JSON.parse(files.get('faces.json')!.toString('utf8')).faces).toEqual([expect.objectContaining({ name: 'Lost Picture', image: null })]);
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

  it('needs the session: 401 without one, and a cross-site request is refused', async () => {
    expect((await exportFor(undefined)).statusCode).toBe(401);
    expect((await exportFor(owner.cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const glasses = await pairGlasses(t, owner.cookie, 'Hall glasses');
    const withToken = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: { authorization: `Bearer ${glasses.token}` } });
    expect(withToken.statusCode).toBe(401);
  });
});
