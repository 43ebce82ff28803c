import type { SyncedFace } from '@seva/shared';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { DESCRIPTOR_MODEL_VERSION } from '../../face-engine/face-engine.ts';
import { compactDescriptor } from './descriptors.ts';
import * as photoStore from './photo-store.ts';
import * as store from './store.ts';

/** Tombstones of deleted faces are kept this long (like the activity), then purged; an older cursor gets 410. */
export const TOMBSTONE_KEPT_DAYS = 90;

/**
 * What changed in a user's faces after change `since` (everything when undefined), up to change `seq`; `expired` when
 * tombstones newer than `since` have been purged, so the changes since then can no longer be told.
 */
export interface FaceChanges {
  seq: number;
  /** The model the photos' descriptions come from: photos described by another (until re-described) are left out. */
  modelVersion: string;
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
     * The glasses' sync: people added, renamed or whose photos changed, and people deleted, after change `since`, or
     * everyone when `since` is undefined; a person comes whole, with every photo's description. The counter is read first, so a change committing meanwhile waits for the next sync.
     */
    async changesSince(user: SignedInUser, since: number | undefined): Promise<FaceChanges> {
      const { seq, purgedSeq } = await store.currentChangeSeq(db, user.uid);
      const modelVersion = DESCRIPTOR_MODEL_VERSION;
      if (since !== undefined && since < purgedSeq) return { seq, modelVersion, faces: [], deletedFaceIds: [], expired: true };
      const after = since ?? -1;
      const [rows, deletedFaceIds] = await Promise.all([
        store.changedFaces(db, user.uid, after, seq),
        since === undefined ? [] : store.deletedFaceIds(db, user.uid, after, seq),
      ]);
      const photos = await photoStore.descriptionsOf(db, user.uid, rows.map((row) => row.face_id), modelVersion);
      const byPerson = new Map<string, SyncedFace['photos']>();
      for (const photo of photos) byPerson.set(photo.face_id, [...(byPerson.get(photo.face_id) ?? []), { photo_id: photo.photo_id, descriptor: compactDescriptor(photo.descriptor) }]);
      const faces = rows.map((row) => ({ face_id: row.face_id, name: row.name, updated_at: row.updated_at, photos: byPerson.get(row.face_id) ?? [] }));
      return { seq, modelVersion, faces, deletedFaceIds, expired: false };
    },
  };
}
