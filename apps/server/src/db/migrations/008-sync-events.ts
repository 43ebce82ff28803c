import type { Kysely } from 'kysely';

/**
 * Issue #19: the glasses' event stream and tombstones that do not grow forever. Each account's change counter notes
 * the newest tombstone purged (a cursor older than that gets 410), tombstones are found by age for the purge, and the
 * feature links, which every account's glasses read, get one change counter of their own.
 */
export function syncEventsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('face_sync_counters').addColumn('purged_seq', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('face_deletions_deleted_at').on('face_deletions').column('deleted_at').execute();
      await db.schema
        .createTable('sync_counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
