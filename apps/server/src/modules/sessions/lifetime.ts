const DAY_MS = 24 * 60 * 60 * 1000;

/** A session ends after this long without use (D-016)… */
const SESSION_IDLE_MS = 30 * DAY_MS;
/** …and this long after its sign-in, however much it is used; also the cookie's max age. */
export const SESSION_MAX_MS = 90 * DAY_MS;
/**
 * A session's use is written at most this often: the session check runs on nearly every request and reads on a
 * prepared, read-only path (D-006, D-009); one write an hour per session keeps it so.
 */
export const SESSION_TOUCH_EVERY_MS = 60 * 60 * 1000;

/** When a session signed in at `createdAt` and used at `usedAt` ends: 30 days idle, never past its absolute end. */
export function sessionExpiry(createdAt: string, usedAt: Date): string {
  return new Date(Math.min(usedAt.getTime() + SESSION_IDLE_MS, Date.parse(createdAt) + SESSION_MAX_MS)).toISOString();
}

/** Whether a session last written at `lastUsedAt` should be written again at `nowMs`. */
export function isTouchDue(lastUsedAt: string, nowMs: number): boolean {
  return !(Date.parse(lastUsedAt) > nowMs - SESSION_TOUCH_EVERY_MS);
}
