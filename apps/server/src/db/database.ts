import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type LogEvent, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';
import type { Dialect } from './dialect-types.ts';
import { migrations } from './migrations/index.ts';
import { pooledPreparedReads, sqlitePreparedReads, type PreparedReads } from './prepared-reads.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** What a store runs its SQL on: the database or an open transaction. */
export type Executor = Db | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** For the reads every request makes (D-009). */
  reads: PreparedReads;
  /** PostgreSQL's pool now (SQLite has one connection and answers undefined). */
  pool(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
}

/** Told about every query Kysely runs, with its duration (the metrics' query histogram); unset costs nothing. */
export type QueryLog = (event: LogEvent) => void;

/** Opens SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL is set, and brings the schema up to date. */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>, log?: QueryLog): Promise<DatabaseHandle> {
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, config.databaseSchema, log) : openSqlite(config.dataDir, log);
  await migrate(handle);
  return handle;
}

/** The SQLite file under DATA_DIR. */
export const SQLITE_FILE_NAME = 'seva.sqlite';

function openSqlite(dataDir: string, log: QueryLog | undefined): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const fileName = path.join(dataDir, SQLITE_FILE_NAME);
  // Made 0600 before SQLite opens it: its -wal and -shm files take the database file's mode.
  fs.closeSync(fs.openSync(fileName, 'a', PRIVATE_FILE_MODE));
  const file = new SQLite(fileName);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }), ...(log ? { log } : {}) });
  // Opened only after the writer has put the file in WAL mode, which a read-only connection cannot do.
  const reads = sqlitePreparedReads(fileName);
  return {
    db,
    dialect: 'sqlite',
    reads,
    pool: () => undefined,
    close: async () => {
      reads.close();
      await db.destroy();
    },
  };
}

/**
 * Kysely prepares every query anew; preparing costs more than running our small queries
 * (15 % of the session check's CPU), so prepared statements are kept by SQL text.
 */
function withStatementCache(file: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = file.prepare(source);
      if (cache.size < 500) cache.set(source, statement);
    }
    return statement;
  };
  return new Proxy(file, { get: (target, key) => (key === 'prepare' ? prepare : Reflect.get(target, key, target)) });
}

async function openPostgres(url: string, schema: string | undefined, log: QueryLog | undefined): Promise<DatabaseHandle> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return {
    db,
    dialect: 'postgres',
    reads: pooledPreparedReads(db),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

async function migratorFor(handle: Pick<DatabaseHandle, 'db' | 'dialect'>): Promise<Migrator> {
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
    // Unless told the schema, Kysely takes its tables in ANY schema of the database as ours and skips creating them.
    ...(handle.dialect === 'postgres' ? { migrationTableSchema: (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]?.s } : {}),
  });
}

/** The migrations this version knows that the database has not run (another instance may have rolled one back). */
export async function pendingMigrations(handle: Pick<DatabaseHandle, 'db' | 'dialect'>): Promise<string[]> {
  const known = await (await migratorFor(handle)).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

async function migrate(handle: DatabaseHandle): Promise<void> {
  const migrator = await migratorFor(handle);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** True when the error is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export { sql };
