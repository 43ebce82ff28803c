import { randomUUID } from 'node:crypto';
import {
  duplicateFaceNameMessage,
  faceMessages,
  faceNameKey,
  MAX_ANALYSES_IN_FLIGHT,
  MAX_FACES_PER_USER,
  messages,
  type FaceBox,
  type FaceSummary,
  type RecognizeAnswer,
  type SyncedFace,
} from '@seva/shared';
import type { Readable } from 'node:stream';
import type { BlobRecords, BlobStore } from '../../blobs/blob-store.ts';
import type { BlobDeletionQueue } from '../../blobs/deletion-queue.ts';
import type { ChangeFeed } from '../../change-feed/change-feed.ts';
import { isUniqueViolation, type Db, type Executor } from '../../db/database.ts';
import { faceDistance, FaceEngineBusyError, FaceImageError, MATCH_THRESHOLD, MAX_QUEUE, type DetectedFace, type FaceEngine } from '../../face-engine/face-engine.ts';
import { createFairQueue, QueueFullError, TooManyInFlightError } from '../../face-engine/fair-queue.ts';
import { conflict, DomainError, invalid, notFound, refused, tooMany, unavailable, unprocessable } from '../../domain-errors.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { RecordActivity } from '../activity/service.ts';
import type { FaceRefusal, PortalMetrics } from '../../metrics/portal-metrics.ts';
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

/** Tombstones of deleted faces are kept this long (like the activity), then purged; an older cursor gets 410. */
export const TOMBSTONE_KEPT_DAYS = 90;

/** The image URL the list gives: same origin, served to the owner only. */
export const faceImageUrl = (faceId: string) => `/face-api/image/${faceId}`;

type BoxColumns = Pick<store.FaceRow, 'face_x' | 'face_y' | 'face_width' | 'face_height' | 'image_width' | 'image_height'>;

/** The face's box as the list gives it; none for a face stored before the box was kept (issue #21). */
function faceBox(row: BoxColumns): FaceBox | undefined {
  const { face_x: x, face_y: y, face_width: width, face_height: height, image_width: imageWidth, image_height: imageHeight } = row;
  if (x === null || y === null || width === null || height === null || imageWidth === null || imageHeight === null) return undefined;
  return { x: Number(x), y: Number(y), width: Number(width), height: Number(height), image_width: Number(imageWidth), image_height: Number(imageHeight) };
}

/** The columns that keep a detected face's box (issue #21). */
const boxColumns = (face: DetectedFace, image: { width: number; height: number }): BoxColumns => ({
  face_x: face.box.x,
  face_y: face.box.y,
  face_width: face.box.width,
  face_height: face.box.height,
  image_width: image.width,
  image_height: image.height,
});

const toSummary = (row: { face_id: string; name: string; created_at: string; consent_at: string; consent_by?: string | null } & BoxColumns): FaceSummary => {
  const box = faceBox(row);
  return {
    face_id: row.face_id,
    name: row.name,
    face_url: faceImageUrl(row.face_id),
    timestamp: row.created_at,
    consent_at: row.consent_at,
    ...(row.consent_by ? { consent_by: row.consent_by } : {}),
    ...(box ? { face_box: box } : {}),
  };
};

const encodeDescriptor = (descriptor: ArrayLike<number>) => Buffer.from(new Float32Array(descriptor).buffer);
const decodeDescriptor = (buffer: Buffer) => new Float32Array(Uint8Array.from(buffer).buffer);

/**
 * A descriptor as JSON numbers, to 7 decimal places: at most 5e-8 from the stored 32-bit floats (a distance moves by
 * under 1e-6 against a match threshold of 0.54), half the text of the doubles, and 6 times faster to write than the
 * exact shortest form (toPrecision): a full sync of 1,000 faces writes 128,000 of them.
 */
function descriptorNumbers(buffer: Buffer): number[] {
  const numbers = new Array<number>(buffer.length / 4);
  for (let i = 0; i < numbers.length; i += 1) numbers[i] = Math.round(buffer.readFloatLE(i * 4) * 1e7) / 1e7;
  return numbers;
}

/** A face as the glasses keep it: no picture, the descriptor to recognise it on the device. */
/** A face as the data download writes it (issue #12): everything kept of it; its image is read on its own. */
export interface ExportedFace {
  face_id: string;
  name: string;
  consent_at: string;
  /** The helper who confirmed the consent (issue #18); null: the wearer did. */
  consent_by: string | null;
  created_at: string;
  updated_at: string;
  descriptor: number[];
  image: { key: string; mime: string };
}

/** Faces read per page for the data download. */
const EXPORT_PAGE = 100;

/** A descriptor exactly as stored, for the data download: 9 significant digits give back the very 32-bit floats. */
const exactDescriptor = (buffer: Buffer) => Array.from(decodeDescriptor(buffer), (value) => Number(value.toPrecision(9)));

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
  const slots = deps.engineSlots ?? 2;
  const engineQueue = createFairQueue({ slots, perKey: MAX_ANALYSES_IN_FLIGHT, maxWaiting: MAX_QUEUE });
  deps.metrics?.watch('faceQueue', () => ({ ...engineQueue.load, slots }));
  const refusal = (reason: FaceRefusal) => deps.metrics?.faceRefusals.inc({ reason });

  /** DESIGN: the email field must be the caller's own; anything else is refused before any work. */
  function checkOwnEmail(user: SignedInUser, email: string): void {
    if (email.trim().toLowerCase() !== user.email.toLowerCase()) throw refused(messages.forbiddenEmail);
  }

  /** `field` is the form field that carries the name: 'name' on store, 'updated_name' on rename. */
  async function checkNameFree(user: SignedInUser, name: string, field: 'name' | 'updated_name', exceptFaceId?: string): Promise<void> {
    const clash = await store.findByNameKey(db, user.uid, faceNameKey(name));
    if (clash && clash.face_id !== exceptFaceId) throw conflict(duplicateFaceNameMessage(name.trim()), field);
  }

  /**
   * Runs the engine in the user's turn (at most two of their pictures at once, users served in turn), turning its
   * refusals into answers: a bad image or a third picture is the caller's, a full queue is ours.
   */
  async function withEngine<T>(user: SignedInUser, kind: 'analyse' | 'detect', work: (engine: FaceEngine) => Promise<T>): Promise<T> {
    try {
      return await engineQueue.run(user.uid, async () => {
        const started = performance.now();
        const result = await work(deps.engine());
        deps.metrics?.faceAnalyses.inc({ kind });
        deps.metrics?.faceAnalysisDuration.observe({ kind }, (performance.now() - started) / 1000);
        return result;
      });
    } catch (error) {
      if (error instanceof FaceImageError) {
        refusal('unusable_image');
        throw unprocessable(error.message, 'file');
      }
      if (error instanceof TooManyInFlightError) {
        refusal('too_many_in_flight');
        throw tooMany(faceMessages.analysesInFlight);
      }
      if (error instanceof FaceEngineBusyError || error instanceof QueueFullError) {
        refusal('queue_full');
        throw unavailable(faceMessages.engineBusy);
      }
      throw error;
    }
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
      if (!file || file.length === 0) throw invalid(faceMessages.fileMissing, 'file');
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

    /** The data download: every face of the user with its description, oldest first, a page at a time. */
    async *exportPages(userId: string): AsyncGenerator<ExportedFace[]> {
      let after: { created_at: string; face_id: string } | undefined;
      for (;;) {
        const rows = await store.exportPage(db, userId, EXPORT_PAGE, after);
        if (rows.length === 0) return;
        yield rows.map((row) => ({
          face_id: row.face_id,
          name: row.name,
          consent_at: row.consent_at,
          consent_by: row.consent_by ?? null,
          created_at: row.created_at,
          updated_at: row.updated_at,
          descriptor: exactDescriptor(row.descriptor),
          image: { key: row.image_key, mime: row.mime },
        }));
        const last = rows[rows.length - 1]!;
        after = { created_at: last.created_at, face_id: last.face_id };
      }
    },

    /** A face image of the data download: its size now, and its bytes read a piece at a time (undefined when gone). */
    exportImage: {
      size: (key: string): Promise<number | undefined> => blobs.size(key),
      open: (key: string): Promise<Readable | undefined> => blobs.stream(key),
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

    async image(user: SignedInUser, faceId: string) {
      const face = await store.findFace(db, user.uid, faceId);
      const blob = face ? await blobs.get(face.image_key) : undefined;
      if (!blob) throw notFound(faceMessages.faceNotFound);
      return blob;
    },

    /** The nearest of the caller's faces to the largest face in the image, if under the threshold, and how many faces it shows. */
    async recognize(user: SignedInUser, email: string, file: Buffer | undefined): Promise<RecognizeAnswer> {
      checkOwnEmail(user, email);
      if (!file || file.length === 0) throw invalid(faceMessages.fileMissing, 'file');
      const { faces } = await analyse(user, file);
      const largest = [...faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
      if (!largest) return { match: null, faceCount: 0 };
      let best: RecognizeAnswer['match'] = null;
      for (const known of await store.descriptors(db, user.uid)) {
        const distance = faceDistance(largest.descriptor, decodeDescriptor(known.descriptor));
        if (distance < MATCH_THRESHOLD && (!best || distance < best.distance)) {
          best = { face_id: known.face_id, name: known.name, distance: Math.round(distance * 1000) / 1000 };
        }
      }
      return { match: best, faceCount: faces.length };
    },

    /** Live camera guidance: where faces are in a small frame, without describing them. */
    async detect(user: SignedInUser, email: string, file: Buffer | undefined) {
      checkOwnEmail(user, email);
      if (!file || file.length === 0) throw invalid(faceMessages.fileMissing, 'file');
      return withEngine(user, 'detect', (engine) => engine.detect(file));
    },
  };
}

export type FacesService = ReturnType<typeof createFacesService>;
