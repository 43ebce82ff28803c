import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../testing/test-app.ts';

const refused = new Error('the record was refused');

describe.each(engines)('blob store on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const blobs = () => t.infrastructure.blobs;
  const keys = async () => (await blobs().list()).map((blob) => blob.key);

  it('keeps no blob when the record that names it is refused', async () => {
    await expect(blobs().putWith('faces/u1/refused', Buffer.from('image'), 'image/jpeg', async () => Promise.reject(refused))).rejects.toBe(refused);
    expect(await blobs().get('faces/u1/refused')).toBeUndefined();
    expect(await keys()).not.toContain('faces/u1/refused');
  });

  it('keeps the blob when deleting its record fails, and deletes it once the record goes', async () => {
    await blobs().putWith('faces/u1/kept', Buffer.from('image'), 'image/png', async () => undefined);
    await expect(blobs().deleteWith('faces/u1/kept', async () => Promise.reject(refused))).rejects.toBe(refused);
    expect(await blobs().get('faces/u1/kept')).toEqual({ data: Buffer.from('image'), contentType: 'image/png' });
    expect(await blobs().deleteWith('faces/u1/kept', async () => true)).toBe(true);
    expect(await blobs().get('faces/u1/kept')).toBeUndefined();
  });

  it.runIf(engine === 'sqlite')('writes through a temporary file and sweeps what an interrupted write left', async () => {
    await blobs().put('faces/u2/photo', Buffer.from('photo'), 'image/jpeg');
    const dir = path.join(t.config.dataDir, 'blobs', 'faces', 'u2');
    expect(fs.readdirSync(dir).sort()).toEqual(['photo', 'photo.type']);

    // What a crash leaves: a temporary file mid-write, and a content-type file whose data never arrived.
    fs.writeFileSync(path.join(dir, '.tmp-other-1a2b3c'), 'half an image');
    fs.writeFileSync(path.join(dir, 'other.type'), 'image/jpeg');
    expect(await keys()).toEqual(['faces/u2/photo']);
    expect(await blobs().sweepTemporary()).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual(['photo', 'photo.type']);
    expect(await blobs().get('faces/u2/photo')).toEqual({ data: Buffer.from('photo'), contentType: 'image/jpeg' });
  });
});
