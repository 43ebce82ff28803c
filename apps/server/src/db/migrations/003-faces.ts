import type { Kysely } from 'kysely';
import { binaryType, type Dialect } from '../dialect-types.ts';

/** Faces: biometric data of third parties; image, descriptor and consent time live and die together. */
export function facesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('faces')
        .addColumn('face_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('image_key', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('descriptor', binaryType(dialect), (c) => c.notNull())
        .addColumn('consent_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('faces_user_name', ['user_id', 'name_key'])
        .execute();
    },
  };
}
