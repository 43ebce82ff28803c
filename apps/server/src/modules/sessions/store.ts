import { sql, type Selectable } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { PreparedReads } from '../../db/prepared-reads.ts';
import type { SessionsTable } from '../../db/schema.ts';
import { SIGNED_IN_USER_COLUMNS, type SignedInUser } from '../../db/signed-in-user.ts';
import { isTouchDue, sessionExpiry } from './lifetime.ts';

function sessionUserQuery(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.uid', 'sessions.user_id')
    .select(SIGNED_IN_USER_COLUMNS)
    .select(['sessions.created_at as session_created_at', 'sessions.last_used_at as session_used_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

/** The caller of a session, with when the session began and was last written (for its idle expiry). */
type SessionRow = SignedInUser & { session_created_at: string; session_used_at: string };

/** Notes a session's use and moves its end to 30 days from now (never earlier, never past its absolute end). */
async function touchSession(db: Db, tokenHash: string, row: SessionRow, now: string): Promise<void> {
  const expiresAt = sessionExpiry(row.session_created_at, new Date(now));
  await db
    .updateTable('sessions')
    .set({ last_used_at: now, expires_at: sql<string>`case when expires_at < ${expiresAt} then ${expiresAt} else expires_at end` })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/**
 * The user of a live session, asked by nearly every request: compiled once (building it anew halved the session
 * check's throughput, D-006) and run as one of the database's prepared reads (D-009).
 */
export function sessionUserLookup(db: Db, reads: PreparedReads): (tokenHash: string, now: string) => Promise<SignedInUser | undefined> {
  const compiled = sessionUserQuery(db, '$token', '$now').compile();
  if (compiled.parameters.join() !== '$token,$now') throw new Error('Unexpected session query parameters');
  const firstRow = reads.firstRow<SessionRow>(compiled);
  return async (tokenHash, now) => {
    const row = await firstRow([tokenHash, now]);
    // Written at most once an hour per session (SESSION_TOUCH_EVERY_MS): the read stays the prepared one.
    if (row && isTouchDue(row.session_used_at, Date.parse(now))) await touchSession(db, tokenHash, row, now);
    return row;
  };
}

export async function insertSession(db: Executor, session: Selectable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<string | undefined> {
  const row = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('user_id').executeTakeFirst();
  return row?.user_id;
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** The user counts as signed out (`users.is_logged_in`) once their last live session has ended. */
export async function noteIfSignedOut(db: Executor, userId: string, now: string): Promise<void> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  if (Number(row.n) === 0) await db.updateTable('users').set({ is_logged_in: 0 }).where('uid', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's live sessions (issue #12: 'Signed-in browsers'), most recently used first. */
export function listUserSessions(db: Executor, userId: string, now: string) {
  return db
    .selectFrom('sessions')
    .select(['token_hash', 'created_at', 'last_used_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends the user's session with this hash (never another user's); answers whether there was one. */
export async function deleteUserSession(db: Executor, userId: string, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ends every session of the user but `keepHash`; answers how many. */
export async function deleteOtherSessions(db: Executor, userId: string, keepHash: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}
