import type { Kysely } from 'kysely';

/**
 * Issue #12: the account's activity (kept 90 days; deleted with the account) and the queue of blobs to delete once
 * the transaction that forgot their records has committed (account deletion, face deletion), drained after each such
 * commit, at start and by housekeeping, so that a crash between the two never leaves an image behind for good.
 */
export function yourDataMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('activity_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('device', 'text')
        .execute();
      await db.schema.createIndex('activity_events_user_at').on('activity_events').columns(['user_id', 'at']).execute();
      await db.schema.createIndex('activity_events_at').on('activity_events').column('at').execute();

      await db.schema
        .createTable('blob_deletions')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('queued_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
