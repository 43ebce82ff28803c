import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTOR_MODEL_VERSION } from '../face-engine/face-engine.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../testing/test-app.ts';
import { faceFixture } from '../../../../test-kit/test-data.ts';
import { encodeBody, multipart } from '../../../../test-kit/transport.ts';
import { progressLine } from './redescribe-command.ts';
import { runCli } from './run-cli.ts';

describe.each(engines)('admin faces redescribe on %s (issue #32)', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  const db = () => t.infrastructure.database.db;
  const run = async (...argv: string[]) => {
    const lines = { out: [] as string[], err: [] as string[] };
    const code = await runCli(argv, t.config, { log: (l) => lines.out.push(l), error: (l) => lines.err.push(l) });
    return { code, ...lines };
  };
  const store = async (name: string, file: string) => {
    const form = multipart({ email: owner.input.email, name, face_id: randomUUID(), file: new File([new Uint8Array(fs.readFileSync(faceFixture(file)))], 'f.png', { type: 'image/png' }) });
    const { payload, headers } = await encodeBody(form, { cookie: owner.cookie });
    const res = await t.app.inject({ method: 'POST', url: '/face-api/store_face', payload, headers });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('describes every photo of an older model again, with progress, and finds nothing left the second time', async () => {
    await store('Amy', 'people/amy/amy1.png');
    await store('Raj', 'people/raj/raj1.png');
    const kept = await db().selectFrom('face_photos').select(['photo_id', 'descriptor']).orderBy('photo_id').execute();
    await db().updateTable('face_photos').set({ model_version: 'an-older-model', descriptor: Buffer.alloc(512) }).execute();
    const seqBefore = Number((await db().selectFrom('face_sync_counters').select('seq').executeTakeFirstOrThrow()).seq);

    const first = await run('faces', 'redescribe');
    expect(first).toEqual({ code: 0, out: [progressLine(1, 2), progressLine(2, 2), 'Re-described 2 of 2 photos.'], err: [] });
    const now = await db().selectFrom('face_photos').select(['photo_id', 'descriptor', 'model_version']).orderBy('photo_id').execute();
    expect(now.map((p) => p.model_version)).toEqual([DESCRIPTOR_MODEL_VERSION, DESCRIPTOR_MODEL_VERSION]);
    // The same engine describes the same pictures as it did when they were stored.
    now.forEach((p, i) => expect(Buffer.from(p.descriptor).equals(Buffer.from(kept[i]!.descriptor))).toBe(true));
    // The glasses hear of each person changed.
    expect(Number((await db().selectFrom('face_sync_counters').select('seq').executeTakeFirstOrThrow()).seq)).toBe(seqBefore + 2);

    expect(await run('faces', 'redescribe')).toEqual({ code: 0, out: ['Every photo is already described by the current model; nothing to do.'], err: [] });
  });

  it('draws progress as a bar with the count and the share done', () => {
    expect(progressLine(1, 4)).toBe('[########......................] 1 of 4 photos (25%)');
  });
});
