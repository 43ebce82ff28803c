import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect-types.ts';

/**
 * Issue #11 (D-016): a face_id is unique per user, not across users, so that a 409 never tells one user that another
 * chose a face_id (faces and the glasses' tombstones, face_deletions, are keyed by user and face_id); sessions note
 * their last use for the 30-day idle expiry; on PostgreSQL blobs are stored uncompressed out of line, so that a
 * byte range of a manual is read without reading the whole value.
 */
export function abuseHardeningMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`update sessions set last_used_at = created_at`.execute(db);

      if (dialect === 'postgres') {
        for (const table of ['faces', 'face_deletions']) {
          await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_pkey`)}`.execute(db);
          await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_pkey`)} primary key (user_id, face_id)`.execute(db);
        }
        await sql`alter table blobs alter column data set storage external`.execute(db);
        return;
      }
      await db.transaction().execute(async (trx) => {
        for (const table of ['faces', 'face_deletions']) await rekeySqliteTable(trx, table, 'face_id', ['user_id', 'face_id']);
      });
    },
  };
}

/**
 * SQLite cannot change a primary key in place: the table is made again from its own stored definition (so columns
 * that other migrations added are kept), with `column` no longer the key and `key` as the key, its rows copied, and
 * its indexes made again.
 */
async function rekeySqliteTable(db: Kysely<unknown>, table: string, column: string, key: string[]): Promise<void> {
  const definition = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db)).rows[0]?.sql;
  if (!definition) throw new Error(`No table ${table} to rekey`);
  const indexes = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db)).rows;
  const inlineKey = new RegExp(`("?${column}"?\\s+text)\\s+primary key`, 'i');
  if (!inlineKey.test(definition)) throw new Error(`${table}.${column} is not the primary key`);
  const copy = `${table}__rekeyed`;
  const rekeyed = definition
    .replace(new RegExp(`^create table\\s+"?${table}"?`, 'i'), `create table "${copy}"`)
    .replace(inlineKey, '$1 not null')
    .replace(/\)\s*$/, `, primary key (${key.map((k) => `"${k}"`).join(', ')}))`);
  await sql.raw(rekeyed).execute(db);
  await sql`insert into ${sql.table(copy)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(copy)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}
