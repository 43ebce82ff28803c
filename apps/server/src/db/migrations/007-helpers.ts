import { sql, type Kysely } from 'kysely';

/**
 * Issue #18, helpers: a helper's own account (their e-mail and password, apart from wearers'), each wearer's helper
 * links (an invitation first, then an active link, then how it ended; kept for the wearer's record), the helpers'
 * own sessions (which wearer they act for now) and the helper's reset links. Activity events and faces name the
 * helper who acted or confirmed consent.
 */
export function helpersMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('helper_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('helper_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('wearer_id', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('helper_id', 'text', (c) => c.references('helper_accounts.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('invited_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('helper_links_wearer').on('helper_links').columns(['wearer_id', 'status']).execute();
      await db.schema.createIndex('helper_links_helper').on('helper_links').columns(['helper_id', 'status']).execute();
      // One open invitation or active link per (wearer, address), even when two requests race.
      await db.schema
        .createIndex('helper_links_open_address')
        .on('helper_links')
        .columns(['wearer_id', 'email'])
        .unique()
        .where(sql<boolean>`status in ('invited', 'active')`)
        .execute();

      await db.schema
        .createTable('helper_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('helper_id', 'text', (c) => c.notNull().references('helper_accounts.id').onDelete('cascade'))
        .addColumn('acting_for', 'text', (c) => c.references('users.uid').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('helper_sessions_helper').on('helper_sessions').column('helper_id').execute();

      await db.schema
        .createTable('helper_reset_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('helper_id', 'text', (c) => c.notNull().references('helper_accounts.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema.alterTable('activity_events').addColumn('helper_name', 'text').execute();
      await db.schema.alterTable('faces').addColumn('consent_by', 'text').execute();
    },
  };
}
