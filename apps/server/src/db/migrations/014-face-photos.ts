import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { binaryType, type Dialect } from '../dialect-types.ts';

/** The description every face stored before this migration carries: the engine as it stood then (D-063). */
export const MODEL_VERSION_BEFORE_PHOTOS = 'face-api-1.7-resnet34-mirrored-1';

const PHOTO_COLUMNS = ['image_key', 'mime', 'descriptor', 'face_x', 'face_y', 'face_width', 'face_height', 'image_width', 'image_height'] as const;
const PAGE = 500;

/**
 * Issue #32 (D-063): a face is a person with 1 to 5 photos. Each face's picture, description and box move to a photo
 * of their own, with the model that described it and its quality (unknown for photos kept before checks); `faces`
 * keeps the person. People the wearer said are different ('It's someone else') are kept as pairs.
 */
export function facePhotosMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('face_photos')
        .addColumn('photo_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('face_id', 'text', (c) => c.notNull())
        .addColumn('image_key', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('descriptor', binaryType(dialect), (c) => c.notNull())
        .addColumn('model_version', 'text', (c) => c.notNull())
        .addColumn('quality', 'text')
        .addColumn('added_by', 'text')
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addColumn('face_x', 'integer')
        .addColumn('face_y', 'integer')
        .addColumn('face_width', 'integer')
        .addColumn('face_height', 'integer')
        .addColumn('image_width', 'integer')
        .addColumn('image_height', 'integer')
        .addForeignKeyConstraint('face_photos_person', ['user_id', 'face_id'], 'faces', ['user_id', 'face_id'], (fk) => fk.onDelete('cascade'))
        .execute();
      await db.schema.createIndex('face_photos_person_added').on('face_photos').columns(['user_id', 'face_id', 'added_at']).execute();

      await db.schema
        .createTable('face_pairs_apart')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('face_a', 'text', (c) => c.notNull())
        .addColumn('face_b', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('face_pairs_apart_pkey', ['user_id', 'face_a', 'face_b'])
        .addForeignKeyConstraint('face_pairs_apart_a', ['user_id', 'face_a'], 'faces', ['user_id', 'face_id'], (fk) => fk.onDelete('cascade'))
        .addForeignKeyConstraint('face_pairs_apart_b', ['user_id', 'face_b'], 'faces', ['user_id', 'face_id'], (fk) => fk.onDelete('cascade'))
        .execute();

      await copyPhotos(db);
      for (const column of PHOTO_COLUMNS) await db.schema.alterTable('faces').dropColumn(column).execute();
    },
  };
}

/** Every face's picture becomes its first photo, a page at a time, with nothing lost. */
async function copyPhotos(db: Kysely<unknown>): Promise<void> {
  type Row = { user_id: string; face_id: string; created_at: string; consent_by: string | null } & Record<(typeof PHOTO_COLUMNS)[number], unknown>;
  let after: { user_id: string; face_id: string } | undefined;
  for (;;) {
    const page = await sql<Row>`
      select user_id, face_id, created_at, consent_by, ${sql.join(PHOTO_COLUMNS.map((c) => sql.ref(c)))} from faces
      ${after ? sql`where (user_id, face_id) > (${after.user_id}, ${after.face_id})` : sql``}
      order by user_id, face_id limit ${PAGE}`.execute(db);
    if (page.rows.length === 0) return;
    const photos = page.rows.map(({ created_at: createdAt, consent_by: consentBy, ...row }) => ({
      photo_id: randomUUID(),
      ...row,
      model_version: MODEL_VERSION_BEFORE_PHOTOS,
      quality: null,
      added_by: consentBy,
      added_at: createdAt,
    }));
    await (db as Kysely<{ face_photos: (typeof photos)[number] }>).insertInto('face_photos').values(photos).execute();
    const last = page.rows[page.rows.length - 1]!;
    after = { user_id: last.user_id, face_id: last.face_id };
  }
}
