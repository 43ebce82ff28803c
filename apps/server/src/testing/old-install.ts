import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';

/**
 * An install as an earlier release left it: a database brought up to migration `upTo` and no further, in a data
 * folder (SQLite) or a schema of its own (PostgreSQL). Its tables are typed loosely: they are the old ones. The next
 * openDatabase(config) runs the migrations after it; `remove` deletes it all.
 */
export async function installAt(engine: 'sqlite' | 'postgres', upTo: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-migration-'));
  const schema = engine === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the old tables, not today's
  let db: Kysely<any>;
  if (engine === 'sqlite') {
    const file = new SQLite(path.join(dataDir, SQLITE_FILE_NAME));
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    db = new Kysely({ dialect: new SqliteDialect({ database: file }) });
  } else {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2, options: `-c search_path="${schema}"` }) }),
    });
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(upTo);
  if (error) throw error;
  const remove = async () => {
    if (schema) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, config: { dataDir, databaseUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, databaseSchema: schema }, schema, remove };
}

/** A verified user row as every release has kept it. */
export const oldUser = (uid: string, at: string) => ({
  uid,
  email: `${uid}@example.com`,
  username: uid,
  phone: '+12025550123',
  license_id: uid,
  license_key: uid,
  password_hash: 'x',
  created_at: at,
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
