import type { ScreenPath } from './paths.ts';

/**
 * What a user had typed when a save was refused because their session had ended, kept in this tab's
 * sessionStorage until they sign in again and save or cancel (issue #9). Each draft names the user it belongs to:
 * someone else signing in on the same tab never sees it.
 */
const PREFIX = 'seva:draft:';

interface StoredDraft {
  uid: string;
  value: unknown;
}

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

/** Keeps `value` as the draft of `screen` for the user `uid`, replacing an earlier one. */
export function keepDraft(screen: ScreenPath, uid: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + screen, JSON.stringify({ uid, value } satisfies StoredDraft));
  } catch {
    // Storage full or refused: the form still shows what was typed until the page is left.
  }
}

/** The draft of `screen` kept for `uid`, or undefined; a draft of another user is thrown away. */
export function readDraft<T>(screen: ScreenPath, uid: string | undefined): T | undefined {
  const text = storage()?.getItem(PREFIX + screen);
  if (!text || !uid) return undefined;
  try {
    const draft = JSON.parse(text) as StoredDraft;
    if (draft.uid === uid) return draft.value as T;
  } catch {
    // Not ours to read: dropped below.
  }
  discardDraft(screen);
  return undefined;
}

/** Forgets the draft of `screen` (saved or cancelled). */
export function discardDraft(screen: ScreenPath): void {
  storage()?.removeItem(PREFIX + screen);
}

/** Forgets every draft: the user signed out. */
export function discardAllDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}
