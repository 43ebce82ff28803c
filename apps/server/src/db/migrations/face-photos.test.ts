import { afterEach, describe, expect, it } from 'vitest';
import { installAt, oldUser } from '../../testing/old-install.ts';
import { engines } from '../../testing/test-app.ts';
import { openDatabase, type DatabaseHandle } from '../database.ts';
import { MODEL_VERSION_BEFORE_PHOTOS } from './014-face-photos.ts';

const NOW = '2026-11-20T10:00:00.000Z';
const descriptor = Buffer.from(Float32Array.from({ length: 128 }, (_, i) => i / 1000).buffer);

/** A face as the release before issue #32 keeps it: the person, their one picture, its description and box, one row. */
const faceBefore = (userId: string, faceId: string, name: string, box: boolean) => ({
  face_id: faceId,
  user_id: userId,
  name,
  name_key: name.toLowerCase(),
  image_key: `faces/${userId}/${faceId}-k`,
  mime: 'image/png',
  descriptor,
  consent_at: NOW,
  consent_by: box ? null : 'Sam',
  created_at: NOW,
  change_seq: 3,
  updated_at: NOW,
  face_x: box ? 10 : null,
  face_y: box ? 20 : null,
  face_width: box ? 100 : null,
  face_height: box ? 120 : null,
  image_width: box ? 640 : null,
  image_height: box ? 480 : null,
});

describe.each(engines)('migration 014 (people with photos) on an install of the previous release on %s', (engine) => {
  let handle: DatabaseHandle | undefined;
  let cleanup: () => Promise<void> = async () => undefined;
  afterEach(async () => {
    await handle?.close();
    await cleanup();
  });

  it('makes every face a person with its one photo, losing nothing, and keeps a person only with photos', async () => {
    const old = await installAt(engine, '013-languages');
    cleanup = old.remove;
    await old.db.insertInto('users').values([oldUser('alice', NOW), oldUser('bob', NOW)]).execute();
    await old.db.insertInto('faces').values([faceBefore('alice', 'f-1', 'Asha Rao', true), faceBefore('alice', 'f-2', 'Ravi', false), faceBefore('bob', 'f-1', 'Meera', true)]).execute();
    await old.db.destroy();

    handle = await openDatabase(old.config);
    const { db } = handle;
    const people = await db.selectFrom('faces').selectAll().orderBy('user_id').orderBy('face_id').execute();
    expect(people).toEqual([
      { face_id: 'f-1', user_id: 'alice', name: 'Asha Rao', name_key: 'asha rao', consent_at: NOW, consent_by: null, created_at: NOW, change_seq: 3, updated_at: NOW },
      { face_id: 'f-2', user_id: 'alice', name: 'Ravi', name_key: 'ravi', consent_at: NOW, consent_by: 'Sam', created_at: NOW, change_seq: 3, updated_at: NOW },
      { face_id: 'f-1', user_id: 'bob', name: 'Meera', name_key: 'meera', consent_at: NOW, consent_by: null, created_at: NOW, change_seq: 3, updated_at: NOW },
    ]);
    const photos = await db.selectFrom('face_photos').selectAll().orderBy('user_id').orderBy('face_id').execute();
    expect(photos.map(({ photo_id: _id, descriptor: d, ...rest }) => ({ ...rest, descriptor: Buffer.from(d).equals(descriptor) }))).toEqual([
      { user_id: 'alice', face_id: 'f-1', image_key: 'faces/alice/f-1-k', mime: 'image/png', descriptor: true, model_version: MODEL_VERSION_BEFORE_PHOTOS, quality: null, added_by: null, added_at: NOW, face_x: 10, face_y: 20, face_width: 100, face_height: 120, image_width: 640, image_height: 480 },
      { user_id: 'alice', face_id: 'f-2', image_key: 'faces/alice/f-2-k', mime: 'image/png', descriptor: true, model_version: MODEL_VERSION_BEFORE_PHOTOS, quality: null, added_by: 'Sam', added_at: NOW, face_x: null, face_y: null, face_width: null, face_height: null, image_width: null, image_height: null },
      { user_id: 'bob', face_id: 'f-1', image_key: 'faces/bob/f-1-k', mime: 'image/png', descriptor: true, model_version: MODEL_VERSION_BEFORE_PHOTOS, quality: null, added_by: null, added_at: NOW, face_x: 10, face_y: 20, face_width: 100, face_height: 120, image_width: 640, image_height: 480 },
    ]);
    expect(new Set(photos.map((p) => p.photo_id)).size).toBe(3);

    // A photo names a person of its own account; deleting the account takes people and photos with it.
    await expect(db.insertInto('face_photos').values({ ...photos[0]!, photo_id: 'p-x', user_id: 'bob', face_id: 'f-2' }).execute()).rejects.toThrow();
    await db.deleteFrom('users').where('uid', '=', 'bob').execute();
    expect(await db.selectFrom('face_photos').select('user_id').distinct().execute()).toEqual([{ user_id: 'alice' }]);
  });
});
