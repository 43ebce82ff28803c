import type { SyncedFace } from '@seva/shared';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { descriptorNumbers } from './descriptors.ts';
import * as store from './store.ts';

/** Tombstones of deleted faces are kept this long (like the activity), then purged; an older cursor gets 410. */
export const TOMBSTONE_KEPT_DAYS = 90;

/**
 * What changed in a user's faces after change `since` (everything when undefined), up to change `seq`; `expired` when
 * tombstones newer than `since` have been purged, so the changes since then can no longer be told.
 */
export interface FaceChanges {
  seq: number;
  faces: SyncedFace[];
  deletedFaceIds: string[];
  expired: boolean;
}

/**
 * The faces service's part of the glasses' sync: the account's change number and what changed since a cursor.
 * `announce` tells the event streams of a change, in its transaction.
 */
export function createFaceSync(db: Db, announce: (trx: Executor, userId: string, seq: number) => Promise<void>) {
  return {
    /**
     * A change the glasses' sync shows that is not a face (emergency contacts saved): the account's change number
     * moves on and the event streams hear of it, in the change's transaction (its last step).
     */
    async noteSyncChange(trx: Executor, userId: string): Promise<void> {
      await announce(trx, userId, await store.nextChangeSeq(trx, userId));
    },

    /** The account's newest change number (what a cursor made now would hold). */
    async changeSeq(userId: string): Promise<number> {
      return (await store.currentChangeSeq(db, userId)).seq;
    },

    /** Housekeeping: tombstones of faces deleted over 90 days ago. */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      return { face_deletions: await store.purgeDeletions(db, new Date(at.getTime() - TOMBSTONE_KEPT_DAYS * 24 * 3600 * 1000).toISOString()) };
    },

    /**
     * The glasses' sync: faces added or renamed and faces deleted after change `since`, or every face when `since`
     * is undefined. The counter is read first, so a change committing meanwhile waits for the next sync.
     */
    async changesSince(user: SignedInUser, since: number | undefined): Promise<FaceChanges> {
      const { seq, purgedSeq } = await store.currentChangeSeq(db, user.uid);
      if (since !== undefined && since < purgedSeq) return { seq, faces: [], deletedFaceIds: [], expired: true };
      const after = since ?? -1;
      const [rows, deletedFaceIds] = await Promise.all([
        store.changedFaces(db, user.uid, after, seq),
        since === undefined ? [] : store.deletedFaceIds(db, user.uid, after, seq),
      ]);
      const faces = rows.map((row) => ({ face_id: row.face_id, name: row.name, descriptor: descriptorNumbers(row.descriptor), updated_at: row.updated_at }));
      return { seq, faces, deletedFaceIds, expired: false };
    },
  };
}
