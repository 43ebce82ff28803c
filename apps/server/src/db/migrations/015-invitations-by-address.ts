import type { Kysely } from 'kysely';

/**
 * Issue #34: an invitation counts the ones its address was sent in the last hour, by every wearer (D-073). An index
 * on the address and the time, so that the count reads those rows alone.
 */
export function invitationsByAddressMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('helper_links_address').on('helper_links').columns(['email', 'invited_at']).execute();
    },
  };
}
