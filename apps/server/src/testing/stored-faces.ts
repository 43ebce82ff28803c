import { randomUUID } from 'node:crypto';
import { faceNameKey } from '@seva/shared';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { Db } from '../db/database.ts';
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
  descriptor: Buffer;
  imageKey: string;
}

/**
 * Stores faces for a user the way store_face does (the image blob, then its row with the next change number), with a
 * synthetic description instead of the face engine's: for tests and benchmarks of what happens to stored faces.
 */
export async function storeFacesDirectly(
  deps: { db: Db; blobs: BlobStore },
  userId: string,
  faces: Array<{ name: string; image: Buffer; mime: 'image/jpeg' | 'image/png' }>,
  at: Date = new Date(),
): Promise<StoredFace[]> {
  const stored: StoredFace[] = [];
  for (const [index, face] of faces.entries()) {
    const faceId = randomUUID();
    const imageKey = `faces/${userId}/${faceId}-${randomUUID()}`;
    const descriptor = syntheticDescriptor();
    // One millisecond apart, oldest first, so the order they were added in is the order they are listed in.
    const createdAt = new Date(at.getTime() + index).toISOString();
    await deps.blobs.putWith(imageKey, face.image, face.mime, async (trx) => {
      await faceStore.insertFace(trx, {
        face_id: faceId,
        user_id: userId,
        name: face.name,
        name_key: faceNameKey(face.name),
        image_key: imageKey,
        mime: face.mime,
        descriptor,
        consent_at: createdAt,
        created_at: createdAt,
        change_seq: await faceStore.nextChangeSeq(trx, userId),
        updated_at: createdAt,
      });
    });
    stored.push({ face_id: faceId, name: face.name, image: face.image, mime: face.mime, descriptor, imageKey });
  }
  return stored;
}
