import { hash } from 'node:crypto';
import { accountMessages, browserDescription, type BrowserSession } from '@seva/shared';
import type { Db, Executor } from '../../db/database.ts';
import { notFound } from '../../domain-errors.ts';
import { hashToken } from '../../tokens.ts';
import { readUserAgent } from '../../user-agent.ts';
import * as store from './store.ts';

/**
 * The id a browser knows a session by (issue #12): a hash of the token's hash, from which neither that hash nor the
 * token can be had back, so a list of sessions gives nobody a way in. Stable for the session's life, without a column.
 */
const sessionIdOf = (tokenHash: string) => hash('sha256', `seva-session-id:${tokenHash}`, 'base64url');

/** 'Signed-in browsers' on /profile: the user's live sessions, each signed out on its own or all but this one. */
export function browserSessions(db: Db, now: () => Date) {
  return {
    /** The user's live sessions, most recently used first; `current` is the asking browser's (its cookie's token). */
    async browserSessions(userId: string, currentToken: string | undefined): Promise<BrowserSession[]> {
      const current = currentToken ? hashToken(currentToken) : undefined;
      const rows = await store.listUserSessions(db, userId, now().toISOString());
      const sessions = rows.map((row) => ({
        id: sessionIdOf(row.token_hash),
        ...readUserAgent(row.user_agent),
        signedInAt: row.created_at,
        // The asking browser is in use now; others as last noted (at most hourly: lifetime.ts).
        lastActiveAt: row.token_hash === current ? now().toISOString() : row.last_used_at || row.created_at,
        current: row.token_hash === current,
      }));
      return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
    },

    /**
     * Ends one of the user's sessions by its id: its browser is signed out on its next request. An id that is not one
     * of this user's live sessions (another user's, or already ended) is not found and changes nothing. Answers how
     * the browser is named ('Chrome on Windows 10').
     */
    async endBrowserSession(userId: string, sessionId: string): Promise<string> {
      const rows = await store.listUserSessions(db, userId, now().toISOString());
      const row = rows.find((candidate) => sessionIdOf(candidate.token_hash) === sessionId);
      if (!row || !(await store.deleteUserSession(db, userId, row.token_hash))) throw notFound(accountMessages.sessionNotFound);
      await store.noteIfSignedOut(db, userId, now().toISOString());
      return browserDescription(readUserAgent(row.user_agent));
    },

    /**
     * 'Sign out all other browsers' (and a password change's): every session of the user but the asking one, in
     * `executor`'s transaction when given; answers how many ended.
     */
    async endOtherBrowserSessions(userId: string, currentToken: string | undefined, executor: Executor = db): Promise<number> {
      return store.deleteOtherSessions(executor, userId, currentToken ? hashToken(currentToken) : '');
    },
  };
}
