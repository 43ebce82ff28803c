import { afterEach, describe, expect, it } from 'vitest';
import { installAt, oldUser } from '../../testing/old-install.ts';
import { engines } from '../../testing/test-app.ts';
import { openDatabase, type DatabaseHandle } from '../database.ts';

const NOW = '2026-01-02T03:04:05.000Z';

const user = (uid: string) => oldUser(uid, NOW);

/** A face as the install before migration 014 keeps it: the person and their one picture in one row. */
const oldFace = (userId: string, faceId: string, name: string) => ({ ...face(userId, faceId, name), image_key: `faces/${userId}/${faceId}`, mime: 'image/jpeg', descriptor: Buffer.from([1, 2, 3, 4]) });

/** A person as today's faces table keeps them (issue #32: their pictures are photos of their own). */
const face = (userId: string, faceId: string, name: string) => ({
  face_id: faceId,
  user_id: userId,
  name,
  name_key: name.toLowerCase(),
  consent_at: NOW,
  created_at: NOW,
  change_seq: 1,
  updated_at: NOW,
});

describe.each(engines)('migration 005 on an existing install on %s', (engine) => {
  let handle: DatabaseHandle | undefined;
  let cleanup: () => Promise<void> = async () => undefined;
  afterEach(async () => {
    await handle?.close();
    await cleanup();
  });

  it('keeps every face, tombstone and session, and lets another user use a face_id already taken', async () => {
    const old = await installAt(engine, '004-devices');
    cleanup = old.remove;
    await old.db.insertInto('users').values([user('alice'), user('bob')]).execute();
    await old.db.insertInto('faces').values(oldFace('alice', 'f-1', 'Amy')).execute();
    await old.db.insertInto('face_deletions').values({ face_id: 'f-2', user_id: 'alice', change_seq: 2, deleted_at: NOW }).execute();
    await old.db.insertInto('sessions').values({ token_hash: 'h', user_id: 'alice', created_at: NOW, expires_at: NOW, user_agent: null } as never).execute();
    await old.db.destroy();

    handle = await openDatabase(old.config);
    const { db } = handle;
    expect(await db.selectFrom('faces').selectAll().execute()).toEqual([{ ...face('alice', 'f-1', 'Amy'), consent_by: null }]);
    expect((await db.selectFrom('sessions').select('last_used_at').executeTakeFirstOrThrow()).last_used_at).toBe(NOW);

    // Bob may use Alice's face_id and tombstone id; Alice still may not use hers twice, nor a name twice.
    await db.insertInto('faces').values(face('bob', 'f-1', 'Amy')).execute();
    await db.insertInto('face_deletions').values({ face_id: 'f-2', user_id: 'bob', change_seq: 1, deleted_at: NOW }).execute();
    await expect(db.insertInto('faces').values(face('alice', 'f-1', 'Other')).execute()).rejects.toThrow();
    await expect(db.insertInto('faces').values(face('alice', 'f-3', 'Amy')).execute()).rejects.toThrow();
    // Deleting a user still takes their faces with them.
    await db.deleteFrom('users').where('uid', '=', 'bob').execute();
    expect(await db.selectFrom('faces').select(['user_id', 'face_id']).execute()).toEqual([{ user_id: 'alice', face_id: 'f-1' }]);
  });
});
