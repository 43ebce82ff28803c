import { sql, type Kysely } from 'kysely';

/**
 * The glasses (issue #10): pairing by the OAuth 2.0 device grant, paired devices with their token hashes, what each
 * runs; and the change tracking the glasses' sync reads from faces (a per-user change counter, a change number on
 * every face, tombstones for deleted faces).
 */
export function devicesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('devices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        // NULL from 'Allow' until the glasses collect their token.
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('paired_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text')
        .execute();
      await db.schema.createIndex('devices_user_id').on('devices').column('user_id').execute();

      await db.schema
        .createTable('device_authorizations')
        .addColumn('device_code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_code', 'text', (c) => c.notNull().unique())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('device_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.uid').onDelete('cascade'))
        .addColumn('device_id', 'text', (c) => c.references('devices.id').onDelete('set null'))
        .addColumn('interval_seconds', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_polled_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .execute();
      await db.schema.createIndex('device_authorizations_expires_at').on('device_authorizations').column('expires_at').execute();

      await db.schema
        .createTable('installed_features')
        .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('db_key', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('reported_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('installed_features_pk', ['device_id', 'db_key'])
        .execute();
      await db.schema.createIndex('installed_features_user_id').on('installed_features').column('user_id').execute();

      await db.schema.alterTable('faces').addColumn('change_seq', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('faces').addColumn('updated_at', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`update faces set updated_at = created_at`.execute(db);
      await db.schema.createIndex('faces_user_change').on('faces').columns(['user_id', 'change_seq']).execute();

      await db.schema
        .createTable('face_sync_counters')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('face_deletions')
        .addColumn('face_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('change_seq', 'integer', (c) => c.notNull())
        .addColumn('deleted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('face_deletions_user_change').on('face_deletions').columns(['user_id', 'change_seq']).execute();
    },
  };
}
