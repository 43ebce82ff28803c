import type { Kysely } from 'kysely';

/**
 * Issue #21: a deletion that can be undone for 14 days, and activity entries that name what they concern.
 * `account_closures` holds a closed account's own e-mail and license ID (the user record gives them up at once, so
 * both can register again), the hash of its restore link and until when it works (moved to the present when the
 * e-mail or license ID registers again, which ends the restore); housekeeping erases the account after that.
 */
export function accountSecurityMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_closures')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('license_id', 'text', (c) => c.notNull())
        .addColumn('license_key', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text', (c) => c.notNull())
        .addColumn('restore_hash', 'text', (c) => c.notNull().unique())
        .addColumn('restore_until', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_closures_email').on('account_closures').column('email').execute();
      await db.schema.createIndex('account_closures_license_key').on('account_closures').column('license_key').execute();
      await db.schema.createIndex('account_closures_restore_until').on('account_closures').column('restore_until').execute();
      await db.schema.alterTable('activity_events').addColumn('subject', 'text').execute();
    },
  };
}
