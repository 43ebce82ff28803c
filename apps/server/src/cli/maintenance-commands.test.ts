import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sql } from '../db/database.ts';
import { backupMessages } from '../maintenance/backup-format.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../testing/test-app.ts';
import { onePersonPhoto } from '../testing/face-calls.ts';
import { runCli } from './run-cli.ts';

function captured() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, out: { log: (l: string) => lines.out.push(l), error: (l: string) => lines.err.push(l) } };
}

/** A multipart store_face body, as the face page sends it. */
function storeBody(fields: Record<string, string>, photo: Buffer) {
  const boundary = `----seva${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="face.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(engines)('admin check on %s', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  const photo = onePersonPhoto();

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  const run = async (...argv: string[]) => {
    const { lines, out } = captured();
    const code = await runCli(argv, t.config, out);
    return { code, ...lines };
  };
  const storeFace = async (name: string) => {
    const faceId = randomUUID();
    const body = storeBody({ name, email: owner.input.email, face_id: faceId }, photo);
    const res = await t.app.inject({ method: 'POST', url: '/face-api/store_face', payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    return faceId;
  };
  const listed = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/face-api/get_all_faces', payload: { email: owner.input.email }, headers: { cookie: owner.cookie } });
    return (res.json() as Array<{ name: string }>).map((face) => face.name).sort();
  };
  const imageStatus = async (faceId: string) => (await t.app.inject({ method: 'GET', url: `/face-api/image/${faceId}`, headers: { cookie: owner.cookie } })).statusCode;
  const imageKeyOf = async (faceId: string) =>
    (await t.infrastructure.database.db.selectFrom('face_photos').select('image_key').where('face_id', '=', faceId).executeTakeFirstOrThrow()).image_key;

  /** A blob no record names, stored `minutesAgo` minutes ago. */
  async function strayBlob(key: string, minutesAgo: number) {
    await t.infrastructure.blobs.put(key, Buffer.from('a leftover image'), 'image/jpeg');
    const then = new Date(Date.now() - minutesAgo * 60_000);
    if (engine === 'postgres') await sql`update blobs set created_at = ${then.toISOString()} where key = ${key}`.execute(t.infrastructure.database.db);
    else fs.utimesSync(path.join(t.config.dataDir, 'blobs', key), then, then);
  }

  it('reports a consistent install and exits 0', async () => {
    await storeFace('Amy');
    const { code, out, err } = await run('check');
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out).toEqual(['Checked 1 record naming a blob against 1 stored blob.', 'No inconsistency: every record has its blob and every blob its record.']);
  });

  it('reports a face whose image is lost and an image no face names, exits 1 and changes nothing', async () => {
    const lost = await storeFace('Bernadette');
    const lostKey = await imageKeyOf(lost);
    await t.infrastructure.blobs.delete(lostKey);
    await strayBlob(`faces/${owner.user.uid}/stray`, 10);

    const { code, out, err } = await run('check');
    expect(code).toBe(1);
    expect(out.some((line) => line.startsWith('photo ') && line.endsWith(`of face ${lost} "Bernadette" of user ${owner.user.uid} names blob ${lostKey}, which is missing`))).toBe(true);
    expect(out.some((line) => line.startsWith(`blob faces/${owner.user.uid}/stray (stored `) && line.endsWith(') is named by no record'))).toBe(true);
    expect(err).toEqual(['2 inconsistencies. Run npm run admin -- check --repair to remove them.']);
    expect(await listed()).toEqual(['Amy', 'Bernadette']);
  });

  it('--repair deletes the face without its image and the image without its face, says so, and the check passes', async () => {
    const lost = await t.infrastructure.database.db
      .selectFrom('face_photos')
      .innerJoin('faces', (join) => join.onRef('faces.user_id', '=', 'face_photos.user_id').onRef('faces.face_id', '=', 'face_photos.face_id'))
      .select(['face_photos.photo_id', 'face_photos.face_id', 'face_photos.image_key'])
      .where('faces.name', '=', 'Bernadette')
      .executeTakeFirstOrThrow();
    const { code, out } = await run('check', '--repair');
    expect(code).toBe(0);
    expect(out).toContain(`removed blob faces/${owner.user.uid}/stray: no record named it`);
    expect(out).toContain(`removed photo ${lost.photo_id} of face ${lost.face_id} "Bernadette" of user ${owner.user.uid}: its blob ${lost.image_key} was missing, and a face is never kept without it`);
    expect(out.at(-1)).toBe('Repaired: 2 inconsistencies removed.');
    expect(await listed()).toEqual(['Amy']);
    expect(await imageStatus(lost.face_id)).toBe(404);
    expect(await t.infrastructure.blobs.get(`faces/${owner.user.uid}/stray`)).toBeUndefined();
    expect((await run('check')).code).toBe(0);
  });

  it('leaves alone an image stored a moment ago whose face is still being written', async () => {
    await strayBlob(`faces/${owner.user.uid}/in-flight`, 0);
    const { code, out } = await run('check', '--repair');
    expect(code).toBe(0);
    expect(out).toContain('1 blob stored in the last 60 s and not yet named by a record left alone: writes in progress.');
    expect(await t.infrastructure.blobs.get(`faces/${owner.user.uid}/in-flight`)).toBeDefined();
    await t.infrastructure.blobs.delete(`faces/${owner.user.uid}/in-flight`);
  });

  it.runIf(engine === 'postgres')('backup and restore point a PostgreSQL install to pg_dump and pg_restore', async () => {
    const file = path.join(os.tmpdir(), `seva-${randomUUID()}.tar`);
    expect(await run('backup', file)).toEqual({ code: 1, out: [], err: [backupMessages.postgres] });
    expect(await run('restore', file)).toEqual({ code: 1, out: [], err: [backupMessages.restorePostgres] });
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('admin backup and restore of the embedded install', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let work: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    owner = await signedInUser(t);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-backup-test-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const run = async (argv: string[], dataDir = t.config.dataDir, env: Record<string, string> = {}) => {
    const { lines, out } = captured();
    const code = await runCli(argv, { ...loadConfig(env), dataDir }, out);
    return { code, ...lines };
  };

  it('signs the manifest with BACKUP_KEY and restores only a backup signed with that key', async () => {
    const key = { BACKUP_KEY: 'k'.repeat(64) };
    const signed = path.join(work, 'signed.tar');
    const backup = await run(['backup', signed], t.config.dataDir, key);
    expect(backup.code).toBe(0);
    expect(backup.out).toEqual([expect.stringMatching(/ Signed with BACKUP_KEY\.$/)]);

    const restored = await run(['restore', signed], path.join(work, 'signed-restored'), key);
    expect(restored.code).toBe(0);
    expect(restored.out[0]).toContain('and its signature matches BACKUP_KEY');

    // Made with another key (one who changed a backup cannot sign it with the operator's), or unsigned: refused.
    const other = path.join(work, 'other-key.tar');
    expect((await run(['backup', other], t.config.dataDir, { BACKUP_KEY: 'o'.repeat(64) })).code).toBe(0);
    const unsigned = path.join(work, 'unsigned.tar');
    expect((await run(['backup', unsigned])).code).toBe(0);
    const target = path.join(work, 'signed-target');
    expect(await run(['restore', other], target, key)).toEqual({ code: 1, out: [], err: [backupMessages.badSignature(other)] });
    expect(await run(['restore', unsigned], target, key)).toEqual({ code: 1, out: [], err: [backupMessages.unsigned(unsigned)] });
    expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
  });

  it('writes an archive that restores into an empty folder, where the same user signs in and sees the same face', async () => {
    const body = storeBody({ name: 'Howard', email: owner.input.email, face_id: randomUUID() }, onePersonPhoto());
    expect((await t.app.inject({ method: 'POST', url: '/face-api/store_face', payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } })).statusCode).toBe(200);
    const file = path.join(work, 'seva.tar');
    const backup = await run(['backup', file]);
    expect(backup.err).toEqual([]);
    expect(backup.code).toBe(0);
    expect(backup.out).toEqual([expect.stringMatching(new RegExp(`^Backed up .+ to ${file} \\(.+\\): records as of .+Z, 1 face, 1 blob\\.$`))]);

    const restoredDir = path.join(work, 'restored');
    const restore = await run(['restore', file], restoredDir);
    expect(restore).toEqual({ code: 0, out: [expect.stringMatching(/^Restored .+ into .+restored: records as of .+Z, 1 face, 1 blob; every record has its blob\./)], err: [] });
    expect(fs.readdirSync(restoredDir).filter((name) => !name.startsWith('seva.sqlite-')).sort()).toEqual(['blobs', 'seva.sqlite']);

    const restored = await createTestApp('sqlite', { dataDir: restoredDir });
    try {
      const signIn = await restored.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: owner.input.licenseId, password: owner.input.password } });
      expect(signIn.statusCode).toBe(200);
      const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
      const faces = await restored.app.inject({ method: 'POST', url: '/face-api/get_all_faces', payload: { email: owner.input.email }, headers: { cookie } });
      const [face] = faces.json() as Array<{ name: string; face_url: string }>;
      expect(face?.name).toBe('Howard');
      const image = await restored.app.inject({ method: 'GET', url: face!.face_url, headers: { cookie } });
      const original = await t.app.inject({ method: 'GET', url: face!.face_url, headers: { cookie: owner.cookie } });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(original.rawPayload)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('restores into an empty folder the operator made 0755, makes it 0700, says so once, and the check then passes', async () => {
    const premade = path.join(work, 'premade');
    fs.mkdirSync(premade);
    fs.chmodSync(premade, 0o755);
    const restore = await run(['restore', path.join(work, 'seva.tar')], premade);
    expect(restore).toEqual({
      code: 0,
      out: [`DATA_DIR ${premade} was 0755; it is now 0700, as the portal keeps it.`, expect.stringMatching(/^Restored .+ into .+premade: /)],
      err: [],
    });
    expect(fs.statSync(premade).mode & 0o777).toBe(0o700);
    const check = await run(['check'], premade);
    expect({ code: check.code, err: check.err }).toEqual({ code: 0, err: [] });
  });

  it('refuses to restore into a folder that holds anything, and changes nothing there', async () => {
    const occupied = path.join(work, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'notes.txt'), 'mine');
    const restore = await run(['restore', path.join(work, 'seva.tar')], occupied);
    expect(restore).toEqual({ code: 1, out: [], err: [backupMessages.notEmpty(occupied)] });
    expect(fs.readdirSync(occupied)).toEqual(['notes.txt']);
  });

  it('refuses a file that is not a backup, or a damaged one, and leaves the folder empty', async () => {
    const target = path.join(work, 'target');
    const text = path.join(work, 'notes.tar');
    fs.writeFileSync(text, 'not an archive at all, just some words that fill more than one block. '.repeat(20));
    const notTar = await run(['restore', text], target);
    expect(notTar.code).toBe(1);
    expect(notTar.err).toEqual([expect.stringMatching(/^.+notes\.tar is not a SEVA backup, or it is damaged: /)]);

    const damaged = path.join(work, 'damaged.tar');
    const archive = fs.readFileSync(path.join(work, 'seva.tar'));
    archive[2048] = archive[2048]! ^ 0xff; // a byte of the first file's contents
    fs.writeFileSync(damaged, archive);
    const bad = await run(['restore', damaged], target);
    expect(bad.code).toBe(1);
    expect(bad.err[0]).toMatch(/damaged\.tar is not a SEVA backup, or it is damaged: .+ does not match its manifest$/);
    expect(fs.readdirSync(target)).toEqual([]);

    expect(await run(['restore', path.join(work, 'missing.tar')], target)).toEqual({ code: 1, out: [], err: [backupMessages.notFound(path.join(work, 'missing.tar'))] });
  });

  it('says there is nothing to back up where no install is', async () => {
    const empty = path.join(work, 'empty');
    expect(await run(['backup', path.join(work, 'x.tar')], empty)).toEqual({ code: 1, out: [], err: [backupMessages.noInstall(empty)] });
  });
});
