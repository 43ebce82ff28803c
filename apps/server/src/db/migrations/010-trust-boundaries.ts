import type { Kysely } from 'kysely';

/**
 * A blob that cannot be deleted is retried with back-off instead of blocking the keys queued behind it: each queued
 * key counts its failed attempts and waits until `retry_at` (null: try at the next drain).
 */
export function trustBoundariesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('blob_deletions').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('blob_deletions').addColumn('retry_at', 'text').execute();
    },
  };
}
