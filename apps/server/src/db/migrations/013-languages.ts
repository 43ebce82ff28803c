import type { Kysely } from 'kysely';

/**
 * Issue #23: the language a wearer and a helper read, for the e-mails the portal sends them ('en-GB', 'hi'). Accounts
 * made before have none and are written to in English, as before, until they choose one with the 'Language' control.
 */
export function languagesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('locale', 'text').execute();
      await db.schema.alterTable('helper_accounts').addColumn('locale', 'text').execute();
    },
  };
}
