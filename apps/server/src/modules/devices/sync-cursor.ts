import { hash } from 'node:crypto';
import { z } from 'zod';

/**
 * The opaque `cursor` of GET /device-api/sync: the account's face change number at that answer, bound to the
 * account. It carries no secret and needs none: a cursor only ever selects among the caller's own changes, so one
 * made up within range just sends more or fewer of them; one of another account, or past the newest change, is refused.
 */
const payload = z.strictObject({ v: z.literal(1), a: z.string(), s: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

const accountTag = (userId: string) => hash('sha256', `seva-sync:${userId}`, 'base64url').slice(0, 16);

export function writeCursor(userId: string, seq: number): string {
  return Buffer.from(JSON.stringify({ v: 1, a: accountTag(userId), s: seq })).toString('base64url');
}

/** The change number a cursor names, or undefined when it is not one of this account's. */
export function readCursor(cursor: string, userId: string): number | undefined {
  if (cursor.length === 0 || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    const parsed = payload.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success && parsed.data.a === accountTag(userId) ? parsed.data.s : undefined;
  } catch {
    return undefined;
  }
}
