import { randomUUID } from 'node:crypto';
import { faceMessages, MAX_PHOTOS_PER_PERSON, photoMessages, type FacePhoto, type FacePhotosAnswer, type PhotoQuality } from '@seva/shared';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { conflict, notFound } from '../../domain-errors.ts';
import type { DetectedFace, FaceEngine } from '../../face-engine/face-engine.ts';
import type { RecordActivity } from '../activity/service.ts';
import { encodeDescriptor } from './descriptors.ts';
import { requireImage, type WithEngine } from './engine-turns.ts';
import { boxColumns, toPhoto } from './face-summary.ts';
import { checkedPhoto } from './photo-check.ts';
import * as photoStore from './photo-store.ts';
import * as store from './store.ts';

/** What the faces service shares with its parts: the stores, the clock, the engine, the glasses' feed and the activity. */
export interface FacesContext {
  db: Db;
  blobs: BlobStore;
  now: () => Date;
  withEngine: WithEngine;
  announce: (trx: Executor, userId: string, seq: number) => Promise<void>;
  /** Queues images for deletion in the transaction that forgets them, then deletes them once it has committed. */
  blobDeletions: { enqueue: (trx: Executor, keys: string[]) => Promise<void>; deleteNow: (keys: string[]) => Promise<void> };
  note: (user: SignedInUser, kind: Parameters<RecordActivity>[1], device: string | null | undefined, helper: string | undefined, subject: string) => Promise<void>;
}

type Analysed = Awaited<ReturnType<FaceEngine['analyse']>>;

/** A new photo's image key: the owner and the person, never their name (keys carry no personal data). */
const newImageKey = (userId: string, faceId: string) => `faces/${userId}/${faceId}-${randomUUID()}`;

/** The row of a checked photo of `faceId`: its picture's key, its description and the model that made it, its box and quality. */
export function photoRow(
  user: SignedInUser,
  faceId: string,
  analysed: Analysed,
  checked: { face: DetectedFace; quality: PhotoQuality },
  helper: string | undefined,
  at: string,
): photoStore.PhotoRow {
  return {
    photo_id: randomUUID(),
    user_id: user.uid,
    face_id: faceId,
    image_key: newImageKey(user.uid, faceId),
    mime: analysed.mime,
    descriptor: encodeDescriptor(checked.face.descriptor),
    model_version: analysed.modelVersion,
    quality: checked.quality,
    added_by: helper ?? null,
    added_at: at,
    ...boxColumns(checked.face, analysed),
  };
}

/** A person's photos (issue #32): list, add up to MAX_PHOTOS_PER_PERSON, delete all but the last, and each picture. */
export function createFacePhotos(ctx: FacesContext) {
  const { db, blobs } = ctx;

  async function person(user: SignedInUser, faceId: string) {
    const face = await store.findFace(db, user.uid, faceId);
    if (!face) throw notFound(faceMessages.faceNotFound);
    return face;
  }

  /** Refuses a sixth photo; run again in the adding transaction, where the change counter serialises adds. */
  async function checkRoom(executor: Executor, user: SignedInUser, faceId: string): Promise<number> {
    const count = await photoStore.countPhotos(executor, user.uid, faceId);
    if (count >= MAX_PHOTOS_PER_PERSON) throw conflict(photoMessages.tooManyPhotos, 'file');
    return count;
  }

  return {
    async listPhotos(user: SignedInUser, faceId: string): Promise<FacePhotosAnswer> {
      const face = await person(user, faceId);
      const photos = await photoStore.personPhotos(db, user.uid, faceId);
      return { face_id: face.face_id, name: face.name, photos: photos.map((row, i) => toPhoto(row, i + 1)) };
    },

    /** Adds a checked photo to a person; `device` and `helper` as for store (the activity names them). */
    async addPhoto(user: SignedInUser, faceId: string, file: Buffer | undefined, device?: string | null, helper?: string): Promise<FacePhoto> {
      const face = await person(user, faceId);
      await checkRoom(db, user, faceId);
      requireImage(file);
      const analysed = await ctx.withEngine(user, 'analyse', (engine) => engine.analyse(file));
      const row = photoRow(user, faceId, analysed, checkedPhoto(analysed.faces), helper, ctx.now().toISOString());
      let number = 0;
      await blobs.putWith(row.image_key, analysed.image, analysed.mime, async (trx) => {
        const seq = await store.nextChangeSeq(trx, user.uid);
        // The person may have gone, or filled up, while the engine looked at the picture.
        if (!(await store.faceIdExists(trx, user.uid, faceId))) throw notFound(faceMessages.faceNotFound);
        number = (await checkRoom(trx, user, faceId)) + 1;
        await photoStore.insertPhoto(trx, row);
        await store.touchFace(trx, user.uid, faceId, { seq, at: row.added_at });
        await ctx.announce(trx, user.uid, seq);
      });
      await ctx.note(user, 'photo-added', device, helper, face.name);
      return toPhoto(row, number);
    },

    /** Deletes one photo; a person's last photo stays (the person is deleted instead). */
    async deletePhoto(user: SignedInUser, faceId: string, photoId: string, device?: string | null, helper?: string): Promise<void> {
      const face = await person(user, faceId);
      await dropPhoto(ctx, user.uid, faceId, photoId);
      await ctx.note(user, 'photo-deleted', device, helper, face.name);
    },

    async photoImage(user: SignedInUser, faceId: string, photoId: string) {
      const photo = await photoStore.findPhoto(db, user.uid, faceId, photoId);
      const blob = photo ? await blobs.get(photo.image_key) : undefined;
      if (!blob) throw notFound(photoMessages.photoNotFound);
      return blob;
    },
  };
}

/**
 * Deletes a photo (noted for the glasses' sync) and queues its picture for deletion in one transaction, then deletes
 * the picture; refuses the person's last photo, and a photo already gone.
 */
export async function dropPhoto(ctx: FacesContext, userId: string, faceId: string, photoId: string): Promise<void> {
  const photo = await photoStore.findPhoto(ctx.db, userId, faceId, photoId);
  if (!photo) throw notFound(photoMessages.photoNotFound);
  await ctx.db.transaction().execute(async (trx) => {
    const seq = await store.nextChangeSeq(trx, userId);
    if ((await photoStore.countPhotos(trx, userId, faceId)) <= 1) throw conflict(photoMessages.lastPhoto);
    if (!(await photoStore.deletePhoto(trx, userId, photoId))) throw notFound(photoMessages.photoNotFound);
    await store.touchFace(trx, userId, faceId, { seq, at: ctx.now().toISOString() });
    await ctx.blobDeletions.enqueue(trx, [photo.image_key]);
    await ctx.announce(trx, userId, seq);
  });
  await ctx.blobDeletions.deleteNow([photo.image_key]);
}
