import type { Readable } from 'node:stream';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { Db } from '../../db/database.ts';
import { exactDescriptor } from './descriptors.ts';
import * as store from './store.ts';

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

/** The faces service's part of the data download. */
export function createFaceExport(db: Db, blobs: BlobStore) {
  return {
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
  };
}
