import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { engines } from '../../testing/test-app.ts';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from '../database.ts';
import type { Database } from '../schema.ts';
import { migrations } from './index.ts';

const NOW = '2026-01-02T03:04:05.000Z';

/** A database brought up to `004-devices`, as an install made before issue #11 has it. */
async function installBefore011(engine: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-migration-'));
  const schema = engine === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  let db: Kysely<Database>;
  if (engine === 'sqlite') {
    const file = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  } else {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2, options: `-c search_path="${schema}"` }) }),
    });
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo('004-devices');
  if (error) throw error;
  return { db, config: { dataDir, databaseUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, databaseSchema: schema }, schema };
}

const user = (uid: string) => ({
  uid,
  email: `${uid}@example.com`,
  username: uid,
  phone: '+12025550123',
  license_id: uid,
  license_key: uid,
  password_hash: 'x',
  created_at: NOW,
  is_active: 1,
  is_verified: 1,
  is_logged_in: 0,
  role: 'user',
  access_level: 1,
  last_login_time: null,
  last_login_device: null,
  qr_code: null,
  version: '1.0',
});

/** Migration 012's columns: a face stored before it has no box (its thumbnail is centre-cropped). */
const noFaceBox = { face_x: null, face_y: null, face_width: null, face_height: null, image_width: null, image_height: null };

const face = (userId: string, faceId: string, name: string) => ({
  face_id: faceId,
  user_id: userId,
  name,
  name_key: name.toLowerCase(),
  image_key: `faces/${userId}/${faceId}`,
  mime: 'image/jpeg',
  descriptor: Buffer.from([1, 2, 3, 4]),
  consent_at: NOW,
  created_at: NOW,
  change_seq: 1,
  updated_at: NOW,
});

describe.each(engines)('migration 005 on an existing install on %s', (engine) => {
  let handle: DatabaseHandle | undefined;
  let cleanup: () => Promise<void> = async () => undefined;
  afterEach(async () => {
    await handle?.close();
    await cleanup();
  });

  it('keeps every face, tombstone and session, and lets another user use a face_id already taken', async () => {
    const old = await installBefore011(engine);
    cleanup = async () => {
      if (old.schema) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS "${old.schema}" CASCADE`);
        await admin.end();
      }
      fs.rmSync(old.config.dataDir, { recursive: true, force: true });
    };
    await old.db.insertInto('users').values([user('alice'), user('bob')]).execute();
    await old.db.insertInto('faces').values(face('alice', 'f-1', 'Amy')).execute();
    await old.db.insertInto('face_deletions').values({ face_id: 'f-2', user_id: 'alice', change_seq: 2, deleted_at: NOW }).execute();
    await old.db.insertInto('sessions').values({ token_hash: 'h', user_id: 'alice', created_at: NOW, expires_at: NOW, user_agent: null } as never).execute();
    await old.db.destroy();

    handle = await openDatabase(old.config);
    const { db } = handle;
    expect(await db.selectFrom('faces').selectAll().execute()).toEqual([{ ...face('alice', 'f-1', 'Amy'), consent_by: null, ...noFaceBox, descriptor: expect.anything() }]);
    expect((await db.selectFrom('sessions').select('last_used_at').executeTakeFirstOrThrow()).last_used_at).toBe(NOW);

    // Bob may use Alice's face_id and tombstone id; Alice still may not use hers twice, nor a name twice.
    await db.insertInto('faces').values(face('bob', 'f-1', 'Amy')).execute();
    await db.insertInto('face_deletions').values({ face_id: 'f-2', user_id: 'bob', change_seq: 1, deleted_at: NOW }).execute();
    await expect(db.insertInto('faces').values(face('alice', 'f-1', 'Other')).execute()).rejects.toThrow();
    await expect(db.insertInto('faces').values(face('alice', 'f-3', 'Amy')).execute()).rejects.toThrow();
    // Deleting a user still takes their faces with them.
    await db.deleteFrom('users').where('uid', '=', 'bob').execute();
    expect(await db.selectFrom('faces').select(['user_id', 'face_id']).execute()).toEqual([{ user_id: 'alice', face_id: 'f-1' }]);
  });
});
