import pg from 'pg';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { createListeners, decodeChange, encodeChange, type ChangeFeed } from './change-feed.ts';

/** The first wait before listening again after the connection dropped; it doubles on each failure, up to the most. */
const FIRST_RETRY_MS = 250;
const MOST_RETRY_MS = 30_000;
/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'seva-change-feed';

/** The channel of one database schema: instances on the same schema hear each other, and no one else. */
export const channelFor = (schema: string | undefined) => `seva_changes${schema ? `_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}` : ''}`.slice(0, 63);

/**
 * PostgreSQL's LISTEN/NOTIFY. A change is NOTIFYed inside its own transaction, and PostgreSQL delivers it only when
 * (and if) that commits. Each instance holds one connection that LISTENs; when it drops, the instance listens again
 * with back-off and then tells its listeners to resync, since changes may have been missed meanwhile.
 */
export async function postgresChangeFeed(options: { url: string; schema: string | undefined; log: (line: string) => void }): Promise<ChangeFeed> {
  const channel = channelFor(options.schema);
  const listeners = createListeners();
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let missed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (closed || retryTimer) return;
    const wait = Math.min(MOST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, wait);
    retryTimer.unref();
  };

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url, application_name: LISTENER_APPLICATION_NAME });
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      missed = true;
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!closed) {
        options.log(`change feed: the listening connection was lost; listening again`);
        retry();
      }
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', (message) => {
      const change = message.channel === channel && message.payload ? decodeChange(message.payload) : undefined;
      if (change) listeners.emit(change);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      if (!closed) options.log(`change feed: cannot listen (${(error as Error).message})`);
      drop();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    if (missed) {
      missed = false;
      listeners.emit({ kind: 'resync' });
    }
  }

  // The first LISTEN is in place before the server listens; if it fails, the retries go on in the background.
  const started = listen();
  await started;
  return {
    async announce(trx: Executor, change) {
      await sql`select pg_notify(${channel}, ${encodeChange(change)})`.execute(trx);
    },
    subscribe: listeners.subscribe,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await started;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
