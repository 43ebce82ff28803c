import type { Kysely } from 'kysely';

/** What pairings paired before scopes existed keep: what /pair and the pairing e-mail promised them. */
const PROMISED = 'faces:read contacts:read events features';

/**
 * The glasses' trust boundaries: each token carries the scopes the user allowed (space-separated), each pairing
 * request the scopes it asks for and the network (a /24 or /48 prefix) it came from, so /pair can compare it with the
 * user's own.
 */
export function glassesScopesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('devices').addColumn('scope', 'text', (c) => c.notNull().defaultTo(PROMISED)).execute();
      await db.schema.alterTable('device_authorizations').addColumn('scope', 'text', (c) => c.notNull().defaultTo(PROMISED)).execute();
      await db.schema.alterTable('device_authorizations').addColumn('network', 'text', (c) => c.notNull().defaultTo('')).execute();
    },
  };
}
