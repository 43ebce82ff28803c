import type { Db, Executor } from '../../db/database.ts';
import type { PreparedReads } from '../../db/prepared-reads.ts';
import { hashToken, newToken } from '../../tokens.ts';
import { browserSessions } from './browser-sessions.ts';
import { sessionExpiry } from './lifetime.ts';
import * as store from './store.ts';

interface SessionsDeps {
  db: Db;
  /** The prepared reads the session lookup runs on (D-009). */
  reads: PreparedReads;
  now?: () => Date;
}

/** A session to start for a user who has just signed in. */
interface NewSession {
  userId: string;
  /** The browser's User-Agent, for 'Signed-in browsers'. */
  userAgent: string | null;
  /** The sign-in's time, which the user record notes too. */
  at: string;
  /** The session cookie the browser sent, if any: the new session replaces it. */
  previousToken?: string | undefined;
}

/**
 * Sessions (D-049): one signed-in browser each, known by its cookie (cookie-http.ts). Their lookup and touch on every
 * request (D-006, D-009), their lifetime (lifetime.ts), 'Signed-in browsers' and signing out. Identity starts them
 * at sign-in and ends them when a password changes or an account closes.
 */
export function createSessionsService(deps: SessionsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Ends a session; its user counts as signed out when it was their last. */
  async function end(executor: Executor, tokenHash: string): Promise<void> {
    const userId = await store.deleteSession(executor, tokenHash);
    if (userId) await store.noteIfSignedOut(executor, userId, now().toISOString());
  }

  return {
    /** The user of a live session: the prepared read every private request makes, which notes its use hourly. */
    lookup: store.sessionUserLookup(db, deps.reads),

    /** Starts a session in the sign-in's transaction, ending the one the browser had; answers its cookie's token. */
    async start(trx: Executor, session: NewSession): Promise<string> {
      if (session.previousToken) await end(trx, hashToken(session.previousToken));
      const { token, hash } = newToken();
      await store.insertSession(trx, {
        token_hash: hash,
        user_id: session.userId,
        created_at: session.at,
        expires_at: sessionExpiry(session.at, now()),
        user_agent: session.userAgent,
        last_used_at: session.at,
      });
      return token;
    },

    /** Signs out the browser whose cookie holds `token`. */
    async signOut(token: string | undefined): Promise<void> {
      if (token) await end(db, hashToken(token));
    },

    /** Ends every session of the user, in the caller's transaction (a reset password, a closed or erased account). */
    endAll: (executor: Executor, userId: string) => store.deleteUserSessions(executor, userId),

    ...browserSessions(db, now),

    /** Housekeeping: sessions past their end. */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      return { sessions: await store.deleteExpiredSessions(db, at.toISOString()) };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
