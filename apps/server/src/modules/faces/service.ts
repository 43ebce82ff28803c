import { duplicateFaceNameMessage, faceMessages, faceNameKey, MAX_FACES_PER_USER, type FaceSummary } from '@seva/shared';
import type { BlobRecords, BlobStore } from '../../blobs/blob-store.ts';
import type { BlobDeletionQueue } from '../../blobs/deletion-queue.ts';
import type { ChangeFeed } from '../../change-feed/change-feed.ts';
import { isUniqueViolation, type Db, type Executor } from '../../db/database.ts';
import type { FaceEngine } from '../../face-engine/face-engine.ts';
import { conflict, DomainError, notFound } from '../../domain-errors.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { RecordActivity } from '../activity/service.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';
import { createEngineTurns, requireImage } from './engine-turns.ts';
import { createFaceExport } from './face-export.ts';
import { toSummary, type ShownPhoto } from './face-summary.ts';
import { createFaceSync } from './face-sync.ts';
import { matchPerson } from '../../face-engine/person-match.ts';
import { checkOwnEmail } from './own-email.ts';
import { checkedPhoto } from './photo-check.ts';
import * as photoStore from './photo-store.ts';
import { createFacePhotos, dropPhoto, photoRow, type FacesContext } from './photos.ts';
import { createFaceRecognition, knownPeople } from './recognition.ts';
import { redescribeAll, type RedescribeProgress } from './redescribe.ts';
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
  const queue = deps.blobDeletions ?? {
    enqueue: async () => undefined,
    deleteNow: async (keys: readonly string[]) => {
      for (const key of keys) await blobs.delete(key);
      return keys.length;
    },
  };
  const ctx: FacesContext = {
    db,
    blobs,
    now,
    withEngine: createEngineTurns(deps),
    announce: async (trx, userId, seq) => {
      await deps.changeFeed?.announce(trx, { kind: 'account', account: userId, seq });
    },
    blobDeletions: {
      enqueue: (trx, keys) => queue.enqueue(trx, keys),
      // Now, or by the queue's next drain if this fails (the key stays queued: after the next deletion, at start, by housekeeping).
      deleteNow: async (keys) => {
        await queue.deleteNow(keys).catch(() => undefined);
      },
    },
    note: (user, kind, device, helper, subject) => deps.activity?.(user.uid, kind, device ?? null, helper ?? null, subject) ?? Promise.resolve(),
  };
  const { announce } = ctx;

  /** `field` is the form field that carries the name: 'name' on store, 'updated_name' on rename. */
  async function checkNameFree(user: SignedInUser, name: string, field: 'name' | 'updated_name', exceptFaceId?: string): Promise<void> {
    const clash = await store.findByNameKey(db, user.uid, faceNameKey(name));
    if (clash && clash.face_id !== exceptFaceId) throw conflict(duplicateFaceNameMessage(name.trim()), field);
  }

  /** A user keeps at most MAX_FACES_PER_USER faces. */
  async function checkQuota(executor: Executor, user: SignedInUser): Promise<void> {
    if ((await store.countFaces(executor, user.uid)) >= MAX_FACES_PER_USER) throw conflict(faceMessages.quotaReached);
  }

  /**
   * Deletes a person, their photos (noted for the glasses' sync) and queues every picture for deletion in one
   * transaction, then deletes the pictures; refuses with not-found when the person is already gone. A crash between
   * the two leaves the keys queued, and the next drain deletes them (blobs/deletion-queue.ts).
   */
  async function deleteFace(userId: string, faceId: string): Promise<void> {
    let keys: string[] = [];
    await db.transaction().execute(async (trx) => {
      const seq = await store.nextChangeSeq(trx, userId);
      keys = await photoStore.imageKeysOf(trx, userId, faceId);
      if (!(await store.deleteFace(trx, userId, faceId))) throw notFound(faceMessages.faceNotFound);
      await store.recordDeletion(trx, { face_id: faceId, user_id: userId, change_seq: seq, deleted_at: now().toISOString() });
      await ctx.blobDeletions.enqueue(trx, keys);
      await announce(trx, userId, seq);
    });
    await ctx.blobDeletions.deleteNow(keys);
  }


  /** The person's photos as the list shows them, oldest first. */
  const shownPhotos = (userId: string, faceId: string): Promise<ShownPhoto[]> => photoStore.personPhotos(db, userId, faceId);

  return {
    checkOwnEmail,
    ...createFaceSync(db, announce),
    ...createFaceExport(db, blobs),
    ...createFaceRecognition(db, ctx.withEngine),
    ...createFacePhotos(ctx),
    /** The operator's re-description of every photo with the current model (redescribe.ts). */
    redescribe: (report: (progress: RedescribeProgress) => void) => redescribeAll(ctx, deps.engine, report),

    /**
     * The integrity check's view of faces: each photo names its picture. A photo whose picture is lost is deleted like
     * any other; when it was the person's only photo, the person goes with it (a face is never kept without a picture).
     */
    blobRecords: {
      kind: 'face',
      async list() {
        return (await photoStore.allImageKeys(db)).map((row) => ({
          key: row.image_key,
          record: `photo ${row.photo_id} of face ${row.face_id} "${row.name}" of user ${row.user_id}`,
        }));
      },
      async forget(key: string) {
        const photo = await photoStore.findByImageKey(db, key);
        if (!photo) return false;
        try {
          if ((await photoStore.countPhotos(db, photo.user_id, photo.face_id)) > 1) await dropPhoto(ctx, photo.user_id, photo.face_id, photo.photo_id);
          else await deleteFace(photo.user_id, photo.face_id);
          return true;
        } catch (error) {
          if (error instanceof DomainError && (error.kind === 'not-found' || error.kind === 'conflict')) return false;
          throw error;
        }
      },
    } satisfies BlobRecords,

    /** Every person of the account, once each, with their first photo and how many they have. */
    async list(user: SignedInUser, email: string): Promise<FaceSummary[]> {
      checkOwnEmail(user, email);
      const [people, photos] = await Promise.all([store.listFaces(db, user.uid), photoStore.userPhotos(db, user.uid)]);
      const byPerson = new Map<string, ShownPhoto[]>();
      for (const photo of photos) byPerson.set(photo.face_id, [...(byPerson.get(photo.face_id) ?? []), photo]);
      return people.map((person) => toSummary(person, byPerson.get(person.face_id) ?? []));
    },

    /**
     * A new person with one checked photo (SPEC's store_face). `device`: what stores it (the browser, or the glasses'
     * name), for the account's activity; `helper`: the helper who stores it and confirms the person's consent (issue
     * #18). When the photo looks like someone already kept, the two are remembered as different people (D-062): the
     * name was chosen after the portal said whom it looks like.
     */
    async store(user: SignedInUser, fields: { email: string; name: string; face_id: string }, file: Buffer | undefined, device?: string | null, helper?: string): Promise<FaceSummary> {
      checkOwnEmail(user, fields.email);
      if (await store.faceIdExists(db, user.uid, fields.face_id)) throw conflict(faceMessages.faceIdUsed, 'face_id');
      await checkNameFree(user, fields.name, 'name');
      requireImage(file);
      await checkQuota(db, user);
      const analysed = await ctx.withEngine(user, 'analyse', (engine) => engine.analyse(file));
      const checked = checkedPhoto(analysed.faces);
      const { people, apart } = await knownPeople(db, user.uid);
      const lookalike = matchPerson(checked.face.descriptor, people, apart).person;

      const createdAt = now().toISOString();
      const person = { face_id: fields.face_id, user_id: user.uid, name: fields.name, name_key: faceNameKey(fields.name), consent_at: createdAt, consent_by: helper ?? null, created_at: createdAt, updated_at: createdAt };
      const photo = photoRow(user, fields.face_id, analysed, checked, helper, createdAt);
      try {
        // The rows commit only once the picture is stored, and refused rows leave no picture (blob-store.ts).
        await blobs.putWith(photo.image_key, analysed.image, analysed.mime, async (trx) => {
          // The change counter locks the user's row until commit, so two uploads at 999 faces cannot both pass.
          const changeSeq = await store.nextChangeSeq(trx, user.uid);
          await checkQuota(trx, user);
          await store.insertFace(trx, { ...person, change_seq: changeSeq });
          await photoStore.insertPhoto(trx, photo);
          if (lookalike && (await store.faceIdExists(trx, user.uid, lookalike.face_id))) await photoStore.keepApart(trx, user.uid, fields.face_id, lookalike.face_id, createdAt);
          await store.forgetDeletion(trx, user.uid, fields.face_id);
          await announce(trx, user.uid, changeSeq);
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await store.faceIdExists(db, user.uid, fields.face_id)) throw conflict(faceMessages.faceIdUsed, 'face_id');
        throw conflict(duplicateFaceNameMessage(fields.name), 'name');
      }
      await ctx.note(user, 'face-added', device, helper, person.name);
      return toSummary(person, [photo]);
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
      await ctx.note(user, 'face-renamed', device, helper, `${face.name} → ${fields.updated_name}`);
      return toSummary({ ...face, name: fields.updated_name }, await shownPhotos(user.uid, face.face_id));
    },

    async remove(user: SignedInUser, fields: { email: string; face_id: string }, device?: string | null, helper?: string): Promise<void> {
      checkOwnEmail(user, fields.email);
      const face = await store.findFace(db, user.uid, fields.face_id);
      if (!face) throw notFound(faceMessages.faceNotFound);
      await deleteFace(user.uid, face.face_id);
      await ctx.note(user, 'face-deleted', device, helper, face.name);
    },

    /**
     * The account's deletion, in its transaction: every person, photo, tombstone and the change counter go, and every
     * picture is queued for deletion once the transaction commits. The counter is taken first: it locks the user's
     * faces, so a face being stored meanwhile waits and then finds no account.
     */
    async eraseUser(trx: Executor, userId: string): Promise<void> {
      await store.nextChangeSeq(trx, userId);
      await ctx.blobDeletions.enqueue(trx, await photoStore.imageKeysOf(trx, userId));
      await store.deleteUserFaces(trx, userId);
    },

    /** The person's picture in the list: their first photo. */
    async image(user: SignedInUser, faceId: string) {
      const [first] = await photoStore.personPhotos(db, user.uid, faceId);
      const blob = first ? await blobs.get(first.image_key) : undefined;
      if (!blob) throw notFound(faceMessages.faceNotFound);
      return blob;
    },
  };
}

export type FacesService = ReturnType<typeof createFacesService>;
