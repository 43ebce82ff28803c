import { hash } from 'node:crypto';
import { z } from 'zod';

/**
 * The opaque `cursor` of GET /device-api/sync and of the event stream's `changed` events: the account's change number
 * at that answer and the feature links' change number, bound to the account. It carries no secret and needs none: a
 * cursor only ever selects among the caller's own changes, so one made up within range just sends more or fewer of
 * them; one of another account, or past the newest change, is refused. Cursors written before the feature links had
 * a number (no `f`) read as feature change 0.
 */
const payload = z.strictObject({
  v: z.literal(1),
  a: z.string(),
  s: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  f: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** Where a copy of the glasses' data stands: the account's change number and the feature links' one. */
export interface SyncPosition {
  seq: number;
  features: number;
}

const accountTag = (userId: string) => hash('sha256', `seva-sync:${userId}`, 'base64url').slice(0, 16);

export function writeCursor(userId: string, seq: number, features = 0): string {
  return Buffer.from(JSON.stringify({ v: 1, a: accountTag(userId), s: seq, ...(features > 0 ? { f: features } : {}) })).toString('base64url');
}

/** Where a cursor stands, or undefined when it is not one of this account's. */
export function readCursor(cursor: string, userId: string): SyncPosition | undefined {
  if (cursor.length === 0 || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    const parsed = payload.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success && parsed.data.a === accountTag(userId) ? { seq: parsed.data.s, features: parsed.data.f ?? 0 } : undefined;
  } catch {
    return undefined;
  }
}

/** True when `known` has missed something `current` holds. */
export const isBehind = (known: SyncPosition, current: SyncPosition) => known.seq < current.seq || known.features < current.features;
