import type { Kysely } from 'kysely';

/** Issue 4: user manuals (SPEC's seva_user_manuals) and feature download links (SPEC's seva_applications). */
export function manualsFeaturesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('manuals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('blob_key', 'text', (c) => c.notNull().unique())
        .addColumn('time_created', 'text')
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('manuals_time_created').on('manuals').columns(['time_created', 'created_at']).execute();

      await db.schema
        .createTable('seva_applications')
        .addColumn('db_key', 'text', (c) => c.primaryKey())
        .addColumn('download_url', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
