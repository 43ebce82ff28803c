import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.ts';
import { createListeners, type ChangeFeed } from './change-feed.ts';

/**
 * The embedded database's feed: one process, so changes are handed to listeners in memory. SQLite has one writer
 * connection, which the change's transaction holds until it ends; a statement queued behind it runs only then, so the
 * change is delivered after its commit. A change is announced as the last step of its transaction.
 */
export function inProcessChangeFeed(db: Db): ChangeFeed {
  const listeners = createListeners();
  return {
    async announce(_trx: Executor, change) {
      void sql`select 1`.execute(db).then(
        () => listeners.emit(change),
        () => listeners.emit({ kind: 'resync' }),
      );
    },
    subscribe: listeners.subscribe,
    async close() {},
  };
}
