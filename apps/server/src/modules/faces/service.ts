import { randomUUID } from 'node:crypto';
import { duplicateFaceNameMessage, faceMessages, faceNameKey, MAX_FACES_PER_USER, type FaceSummary } from '@seva/shared';
import type { BlobRecords, BlobStore } from '../../blobs/blob-store.ts';
import type { BlobDeletionQueue } from '../../blobs/deletion-queue.ts';
import type { ChangeFeed } from '../../change-feed/change-feed.ts';
import { isUniqueViolation, type Db, type Executor } from '../../db/database.ts';
import type { DetectedFace, FaceEngine } from '../../face-engine/face-engine.ts';
import { conflict, DomainError, notFound, unprocessable } from '../../domain-errors.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { RecordActivity } from '../activity/service.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';
import { encodeDescriptor } from './descriptors.ts';
import { createEngineTurns, requireImage } from './engine-turns.ts';
import { createFaceExport } from './face-export.ts';
import { boxColumns, toSummary } from './face-summary.ts';
import { createFaceSync } from './face-sync.ts';
import { checkOwnEmail } from './own-email.ts';
import { createFaceRecognition } from './recognition.ts';
import * as store from './store.ts';


export interface FacesDeps {
  db: Db;
  blobs: BlobStore;
  engine: () => FaceEngine;
  /** Analyses the engine runs at once (its threads); the rest wait in a queue shared fairly between users. */
  engineSlots?: number;
  /**
   * Images whose face is gone are deleted through this queue, after the deletion commits (issue #12). services.ts always
   * hands it; without it (a service built alone in a test) an image is deleted after its row, unqueued.
   */
  blobDeletions?: Pick<BlobDeletionQueue, 'enqueue' | 'deleteNow'>;
  /** Notes faces added, renamed and deleted in the account's activity. */
  activity?: RecordActivity;
  /** Tells the glasses' event streams of each change, in its transaction (issue #19). */
  changeFeed?: Pick<ChangeFeed, 'announce'>;
  /** Analyses, their duration, refusals, and the queue the scrape reads (operators' metrics). */
  metrics?: Pick<PortalMetrics, 'faceAnalyses' | 'faceAnalysisDuration' | 'faceRefusals' | 'watch'>;
  now?: () => Date;
}

export function createFacesService(deps: FacesDeps) {
  const { db, blobs } = deps;
  const now = deps.now ?? (() => new Date());
  const blobDeletions = deps.blobDeletions ?? {
    enqueue: async () => undefined,
    deleteNow: async (keys: readonly string[]) => {
      for (const key of keys) await blobs.delete(key);
      return keys.length;
    },
  };
  const announce = async (trx: Executor, userId: string, seq: number) => {
    await deps.changeFeed?.announce(trx, { kind: 'account', account: userId, seq });
  };
  const withEngine = createEngineTurns(deps);

  /** `field` is the form field that carries the name: 'name' on store, 'updated_name' on rename. */
  async function checkNameFree(user: SignedInUser, name: string, field: 'name' | 'updated_name', exceptFaceId?: string): Promise<void> {
    const clash = await store.findByNameKey(db, user.uid, faceNameKey(name));
    if (clash && clash.face_id !== exceptFaceId) throw conflict(duplicateFaceNameMessage(name.trim()), field);
  }

  const analyse = (user: SignedInUser, file: Buffer) => withEngine(user, 'analyse', (engine) => engine.analyse(file));

  /** A user keeps at most MAX_FACES_PER_USER faces. */
  async function checkQuota(executor: Executor, user: SignedInUser): Promise<void> {
    if ((await store.countFaces(executor, user.uid)) >= MAX_FACES_PER_USER) throw conflict(faceMessages.quotaReached);
  }

  /** The one face an enrolment image must show. */
  function onlyFace(faces: DetectedFace[]): DetectedFace {
    const [face] = faces;
    if (!face) throw unprocessable(faceMessages.noFace, 'file');
    if (faces.length > 1) throw unprocessable(faceMessages.manyFaces(faces.length), 'file');
    return face;
  }

  /** Images whose records have just been deleted: now, or by the queue's next drain if this fails (it stays queued). */
  async function deleteImagesNow(keys: string[]): Promise<void> {
    try {
      await blobDeletions.deleteNow(keys);
    } catch {
      // Still queued: the next drain (after the next deletion, at start, by housekeeping) deletes it.
    }
  }

  /**
   * Deletes a face's row (noted for the glasses' sync) and queues its image for deletion in one transaction, then
   * deletes the image; refuses with not-found when it is already gone. A crash between the two leaves the image's key
   * queued, and the next drain deletes it (blobs/deletion-queue.ts).
   */
  async function deleteFace(face: { user_id: string; face_id: string; image_key: string }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const seq = await store.nextChangeSeq(trx, face.user_id);
      if (!(await store.deleteFace(trx, face.user_id, face.face_id))) throw notFound(faceMessages.faceNotFound);
      await store.recordDeletion(trx, { face_id: face.face_id, user_id: face.user_id, change_seq: seq, deleted_at: now().toISOString() });
      await blobDeletions.enqueue(trx, [face.image_key]);
      await announce(trx, face.user_id, seq);
    });
    await deleteImagesNow([face.image_key]);
  }

  /** `face`: the face's name, which the entry names (issue #21). */
  const note = (user: SignedInUser, kind: Parameters<RecordActivity>[1], device: string | null | undefined, helper: string | undefined, face: string) =>
    deps.activity?.(user.uid, kind, device ?? null, helper ?? null, face) ?? Promise.resolve();

  return {
    checkOwnEmail,
    ...createFaceSync(db, announce),
    ...createFaceExport(db, blobs),
    ...createFaceRecognition(db, withEngine),

    /** The integrity check's view of faces: each names its image; a face whose image is lost is deleted like any other. */
    blobRecords: {
      kind: 'face',
      async list() {
        return (await store.imageKeys(db)).map((row) => ({ key: row.image_key, record: `face ${row.face_id} "${row.name}" of user ${row.user_id}` }));
      },
      async forget(key: string) {
        const face = await store.findByImageKey(db, key);
        if (!face) return false;
        try {
          await deleteFace(face);
          return true;
        } catch (error) {
          if (error instanceof DomainError && error.kind === 'not-found') return false;
          throw error;
        }
      },
    } satisfies BlobRecords,

    async list(user: SignedInUser, email: string): Promise<FaceSummary[]> {
      checkOwnEmail(user, email);
      return (await store.listFaces(db, user.uid)).map(toSummary);
    },

    /**
     * `device`: what stores it (the browser, or the glasses' name), for the account's activity; `helper`: the helper
     * who stores it and confirms the person's consent (issue #18), named in the face and in the activity.
     */
    async store(user: SignedInUser, fields: { email: string; name: string; face_id: string }, file: Buffer | undefined, device?: string | null, helper?: string): Promise<FaceSummary> {
      checkOwnEmail(user, fields.email);
      if (await store.faceIdExists(db, user.uid, fields.face_id)) throw conflict(faceMessages.faceIdUsed, 'face_id');
      await checkNameFree(user, fields.name, 'name');
      requireImage(file);
      await checkQuota(db, user);
      const analysed = await analyse(user, file);
      const face = onlyFace(analysed.faces);

      const createdAt = now().toISOString();
      const imageKey = `faces/${user.uid}/${fields.face_id}-${randomUUID()}`;
      const row: store.FaceRow = {
        face_id: fields.face_id,
        user_id: user.uid,
        name: fields.name,
        name_key: faceNameKey(fields.name),
        image_key: imageKey,
        mime: analysed.mime,
        descriptor: encodeDescriptor(face.descriptor),
        consent_at: createdAt,
        consent_by: helper ?? null,
        created_at: createdAt,
        change_seq: 0,
        updated_at: createdAt,
        ...boxColumns(face, analysed),
      };
      try {
        // The row commits only once its image is on disk, and a refused row leaves no image (blob-store.ts).
        await blobs.putWith(imageKey, analysed.image, analysed.mime, async (trx) => {
          // The change counter locks the user's row until commit, so two uploads at 999 faces cannot both pass.
          const changeSeq = await store.nextChangeSeq(trx, user.uid);
          await checkQuota(trx, user);
          await store.insertFace(trx, { ...row, change_seq: changeSeq });
          await store.forgetDeletion(trx, user.uid, row.face_id);
          await announce(trx, user.uid, changeSeq);
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await store.faceIdExists(db, user.uid, fields.face_id)) throw conflict(faceMessages.faceIdUsed, 'face_id');
        throw conflict(duplicateFaceNameMessage(fields.name), 'name');
      }
      await note(user, 'face-added', device, helper, row.name);
      return toSummary(row);
    },

    async rename(user: SignedInUser, fields: { email: string; updated_name: string; face_id: string }, device?: string | null, helper?: string): Promise<FaceSummary> {
      checkOwnEmail(user, fields.email);
      const face = await store.findFace(db, user.uid, fields.face_id);
      if (!face) throw notFound(faceMessages.faceNotFound);
      await checkNameFree(user, fields.updated_name, 'updated_name', face.face_id);
      try {
        await db.transaction().execute(async (trx) => {
          const seq = await store.nextChangeSeq(trx, user.uid);
          await store.renameFace(trx, user.uid, face.face_id, { name: fields.updated_name, nameKey: faceNameKey(fields.updated_name), seq, at: now().toISOString() });
          await announce(trx, user.uid, seq);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(duplicateFaceNameMessage(fields.updated_name), 'updated_name');
        throw error;
      }
      await note(user, 'face-renamed', device, helper, `${face.name} → ${fields.updated_name}`);
      return toSummary({ ...face, name: fields.updated_name });
    },

    async remove(user: SignedInUser, fields: { email: string; face_id: string }, device?: string | null, helper?: string): Promise<void> {
      checkOwnEmail(user, fields.email);
      const face = await store.findFace(db, user.uid, fields.face_id);
      if (!face) throw notFound(faceMessages.faceNotFound);
      await deleteFace(face);
      await note(user, 'face-deleted', device, helper, face.name);
    },

    /**
     * The account's deletion, in its transaction: every face row, tombstone and the change counter go, and every image
     * is queued for deletion once the transaction commits. The counter is taken first: it locks the user's faces, so
     * a face being stored meanwhile waits and then finds no account.
     */
    async eraseUser(trx: Executor, userId: string): Promise<void> {
      await store.nextChangeSeq(trx, userId);
      await blobDeletions.enqueue(trx, await store.userImageKeys(trx, userId));
      await store.deleteUserFaces(trx, userId);
    },

    async image(user: SignedInUser, faceId: string) {
      const face = await store.findFace(db, user.uid, faceId);
      const blob = face ? await blobs.get(face.image_key) : undefined;
      if (!blob) throw notFound(faceMessages.faceNotFound);
      return blob;
    },
  };
}

export type FacesService = ReturnType<typeof createFacesService>;
