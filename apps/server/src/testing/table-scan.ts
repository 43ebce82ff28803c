import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';

/** Every table of the database, read from its catalogue (never a list written by hand, which a new table would escape). */
export async function tableNames({ db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`
      : sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

/**
 * The tables (and row counts) whose rows mention any of `needles`, compared without case; bytes are read as text, so
 * a name inside a stored file counts too.
 */
export async function tablesMentioning(handle: Pick<DatabaseHandle, 'db' | 'dialect'>, needles: readonly string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const wanted = needles.filter((needle) => needle.length > 0).map((needle) => needle.toLowerCase());
  for (const table of await tableNames(handle)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(handle.db)).rows;
    // A Buffer's toJSON runs before the replacer sees it: the raw value is read from its holder.
    const text = JSON.stringify(rows, function (this: Record<string, unknown>, key: string, value: unknown) {
      const raw = this[key];
      return Buffer.isBuffer(raw) ? raw.toString('latin1') : value;
    }).toLowerCase();
    const hits = wanted.filter((needle) => text.includes(needle));
    if (hits.length > 0) found[table] = hits;
  }
  return found;
}
