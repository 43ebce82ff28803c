import type { Executor } from '../db/database.ts';

/**
 * What changed for the glasses (issue #19). Only ids and counters travel, never personal data: the glasses read the
 * change itself through the delta sync.
 */
export type Change =
  /** Something the account's sync shows changed; `seq` is its change counter after the change. */
  | { kind: 'account'; account: string; seq: number }
  /** The feature links every pair of glasses reads changed; `seq` is their change counter after the change. */
  | { kind: 'features'; seq: number }
  /** Glasses were unpaired (`device`), or every pair of the account was (the account's deletion, no `device`). */
  | { kind: 'revoked'; account: string; device?: string; reason: 'unpaired' | 'account_deleted' };

/** What a listener hears: a change, or that changes may have been missed (the feed's connection was lost meanwhile). */
export type FeedEvent = Change | { kind: 'resync' };

/**
 * Tells every instance about changes. `announce` runs inside the change's transaction and delivers only once it has
 * committed, so no listener ever hears of a change before a read can see it.
 */
export interface ChangeFeed {
  announce(trx: Executor, change: Change): Promise<void>;
  subscribe(listener: (event: FeedEvent) => void): () => void;
  close(): Promise<void>;
}

/** The compact text a change travels as (PostgreSQL's NOTIFY payload), and back. */
export function encodeChange(change: Change): string {
  switch (change.kind) {
    case 'account':
      return JSON.stringify({ a: change.account, s: change.seq });
    case 'features':
      return JSON.stringify({ f: change.seq });
    case 'revoked':
      return JSON.stringify({ a: change.account, r: change.device ?? '*', w: change.reason });
  }
}

export function decodeChange(text: string): Change | undefined {
  try {
    const p = JSON.parse(text) as { a?: unknown; s?: unknown; f?: unknown; r?: unknown; w?: unknown };
    if (typeof p.f === 'number') return { kind: 'features', seq: p.f };
    if (typeof p.a !== 'string') return undefined;
    if (typeof p.s === 'number') return { kind: 'account', account: p.a, seq: p.s };
    if (typeof p.r === 'string' && (p.w === 'unpaired' || p.w === 'account_deleted')) {
      return { kind: 'revoked', account: p.a, reason: p.w, ...(p.r === '*' ? {} : { device: p.r }) };
    }
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

/** The listeners of one instance. */
export function createListeners() {
  const listeners = new Set<(event: FeedEvent) => void>();
  return {
    subscribe(listener: (event: FeedEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: FeedEvent) {
      for (const listener of listeners) listener(event);
    },
  };
}
