import { randomUUID } from 'node:crypto';
import { faceNameKey } from '@seva/shared';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { Db, Executor } from '../db/database.ts';
import { DESCRIPTOR_MODEL_VERSION } from '../face-engine/face-engine.ts';
import * as photoStore from '../modules/faces/photo-store.ts';
import * as faceStore from '../modules/faces/store.ts';

/** A descriptor like face-api's: 128 32-bit floats, each with a full mantissa. */
export function syntheticDescriptor(): Buffer {
  return Buffer.from(Float32Array.from({ length: 128 }, () => (Math.random() - 0.5) * 0.4).buffer);
}

export interface StoredFace {
  face_id: string;
  name: string;
  image: Buffer;
  mime: 'image/jpeg' | 'image/png';
  /** The first photo's description and picture key. */
  descriptor: Buffer;
  imageKey: string;
  /** Every photo's id, oldest first. */
  photoIds: string[];
}

/**
 * Stores people for a user the way store_face does (the image blob, then the rows with the next change number), with
 * synthetic descriptions instead of the face engine's: for tests and benchmarks of what happens to stored faces. A
 * person has `photos` photos (1 by default), each the same picture with its own description.
 */
export async function storeFacesDirectly(
  deps: { db: Db; blobs: BlobStore },
  userId: string,
  faces: Array<{ name: string; image: Buffer; mime: 'image/jpeg' | 'image/png'; photos?: number }>,
  at: Date = new Date(),
): Promise<StoredFace[]> {
  const stored: StoredFace[] = [];
  for (const [index, face] of faces.entries()) {
    const faceId = randomUUID();
    // One millisecond apart, oldest first, so the order they were added in is the order they are listed in.
    const createdAt = new Date(at.getTime() + index).toISOString();
    const photos = Array.from({ length: face.photos ?? 1 }, () => ({
      photo_id: randomUUID(),
      user_id: userId,
      face_id: faceId,
      image_key: `faces/${userId}/${faceId}-${randomUUID()}`,
      mime: face.mime,
      descriptor: syntheticDescriptor(),
      model_version: DESCRIPTOR_MODEL_VERSION,
      quality: 'good',
      added_at: createdAt,
    }));
    for (const [n, photo] of photos.entries()) {
      await deps.blobs.putWith(photo.image_key, face.image, face.mime, async (trx) => {
        const changeSeq = await faceStore.nextChangeSeq(trx, userId);
        if (n === 0) {
          await faceStore.insertFace(trx, {
            face_id: faceId,
            user_id: userId,
            name: face.name,
            name_key: faceNameKey(face.name),
            consent_at: createdAt,
            created_at: createdAt,
            change_seq: changeSeq,
            updated_at: createdAt,
          });
        } else await faceStore.touchFace(trx, userId, faceId, { seq: changeSeq, at: createdAt });
        await photoStore.insertPhoto(trx, photo);
      });
    }
    const [first] = photos;
    stored.push({ face_id: faceId, name: face.name, image: face.image, mime: face.mime, descriptor: first!.descriptor, imageKey: first!.image_key, photoIds: photos.map((p) => p.photo_id) });
  }
  return stored;
}

/**
 * Rows only, no pictures: `count` people named 'Person 0000'…, each with `photosEach` photos of synthetic description,
 * one second apart, newest first, each change numbered: for benchmarks that read faces (list, sync) without the engine.
 */
export async function insertPeopleRows(trx: Executor, userId: string, count: number, photosEach = 1, now = Date.now()): Promise<string[]> {
  const faceIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = new Date(now - i * 1000).toISOString();
    const faceId = randomUUID();
    const name = `Person ${String(i).padStart(4, '0')}`;
    faceIds.push(faceId);
    const changeSeq = await faceStore.nextChangeSeq(trx, userId);
    await faceStore.insertFace(trx, { face_id: faceId, user_id: userId, name, name_key: faceNameKey(name), consent_at: at, created_at: at, change_seq: changeSeq, updated_at: at });
    for (let n = 0; n < photosEach; n += 1) {
      await photoStore.insertPhoto(trx, {
        photo_id: randomUUID(),
        user_id: userId,
        face_id: faceId,
        image_key: `faces/${userId}/missing-${faceId}-${n}`,
        mime: 'image/jpeg',
        descriptor: syntheticDescriptor(),
        model_version: DESCRIPTOR_MODEL_VERSION,
        added_at: at,
      });
    }
  }
  return faceIds;
}
