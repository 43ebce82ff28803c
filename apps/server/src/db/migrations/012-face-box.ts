import type { Kysely } from 'kysely';

/**
 * Issue #21: where the face is in its picture (the box the face engine found, in pixels of the stored image, and the
 * image's size), so a thumbnail can be cropped around the face. Faces stored before have none and are centre-cropped.
 */
export function faceBoxMigration() {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['face_x', 'face_y', 'face_width', 'face_height', 'image_width', 'image_height']) {
        await db.schema.alterTable('faces').addColumn(column, 'integer').execute();
      }
    },
  };
}
