import type { Readable } from 'node:stream';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { Db } from '../../db/database.ts';
import { exactDescriptor } from './descriptors.ts';
import * as photoStore from './photo-store.ts';
import * as store from './store.ts';

/** A photo of a person as the data download writes it: its picture is read on its own. */
export interface ExportedPhoto {
  photo_id: string;
  added_at: string;
  /** The helper who added it; null: the wearer (or their glasses) did. */
  added_by: string | null;
  quality: string | null;
  model_version: string;
  descriptor: number[];
  image: { key: string; mime: string };
}

/** A person as the data download writes them (issue #12, #32): everything kept of them, with every photo. */
export interface ExportedFace {
  face_id: string;
  name: string;
  consent_at: string;
  /** The helper who confirmed the consent (issue #18); null: the wearer did. */
  consent_by: string | null;
  created_at: string;
  updated_at: string;
  photos: ExportedPhoto[];
}

/** Faces read per page for the data download. */
const EXPORT_PAGE = 100;

/** The faces service's part of the data download. */
export function createFaceExport(db: Db, blobs: BlobStore) {
  return {
    /** The data download: every person of the user with their photos and descriptions, oldest first, a page at a time. */
    async *exportPages(userId: string): AsyncGenerator<ExportedFace[]> {
      let after: { created_at: string; face_id: string } | undefined;
      for (;;) {
        const rows = await store.exportPage(db, userId, EXPORT_PAGE, after);
        if (rows.length === 0) return;
        const photos = await photoStore.exportPhotos(db, userId, rows.map((row) => row.face_id));
        yield rows.map((row) => ({
          face_id: row.face_id,
          name: row.name,
          consent_at: row.consent_at,
          consent_by: row.consent_by ?? null,
          created_at: row.created_at,
          updated_at: row.updated_at,
          photos: photos
            .filter((photo) => photo.face_id === row.face_id)
            .map((photo) => ({
              photo_id: photo.photo_id,
              added_at: photo.added_at,
              added_by: photo.added_by ?? null,
              quality: photo.quality ?? null,
              model_version: photo.model_version,
              descriptor: exactDescriptor(photo.descriptor),
              image: { key: photo.image_key, mime: photo.mime },
            })),
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
  };
}
