import { accountMessages } from '@seva/shared';
import { tooMany } from '../../domain-errors.ts';

/** Data downloads one instance prepares at once: each reads every face picture of an account from disk. */
export const EXPORTS_PER_INSTANCE = 3;

/**
 * Data downloads in progress on this instance: one at a time per account and `perInstance` in all (D-039). A download
 * is in progress from its request until its archive has been sent or abandoned, so the slot is held by the stream.
 */
export function exportSlots(perInstance = EXPORTS_PER_INSTANCE) {
  const busy = new Set<string>();
  return {
    /** Takes the account's slot or refuses with 429; answers its release, which may be called more than once. */
    take(uid: string): () => void {
      if (busy.has(uid)) throw tooMany(accountMessages.exportInProgress);
      if (busy.size >= perInstance) throw tooMany(accountMessages.exportsBusy);
      busy.add(uid);
      return () => busy.delete(uid);
    },
  };
}
