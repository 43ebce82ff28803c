import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it.runIf(engine === 'sqlite')('removes a folder its last blob leaves empty, up to the root, and keeps a folder a blob is written to meanwhile', async () => {
    const root = path.join(t.config.dataDir, 'blobs');
    await blobs().put('faces/u3/first', Buffer.from('first'), 'image/jpeg');
    await blobs().put('faces/u3/second', Buffer.from('second'), 'image/jpeg');
    await blobs().delete('faces/u3/first');
    expect(fs.readdirSync(path.join(root, 'faces', 'u3')).sort()).toEqual(['second', 'second.type']);
    await blobs().delete('faces/u3/second');
    expect(fs.existsSync(path.join(root, 'faces', 'u3'))).toBe(false);
    expect(fs.existsSync(root)).toBe(true);

    // The deletion of the last blob in a folder removes it just after a write has made sure it exists.
    const realOpen = fsp.open;
    const race = path.join(root, 'faces', 'u4');
    let raced = false;
    const spy = vi.spyOn(fsp, 'open').mockImplementation(async (...args: Parameters<typeof fsp.open>) => {
      if (!raced && String(args[0]).startsWith(race) && fs.readdirSync(race).length === 0) {
        raced = true;
        fs.rmdirSync(race);
      }
      return realOpen(...args);
    });
    try {
      await blobs().put('faces/u4/new', Buffer.from('new'), 'image/jpeg');
    } finally {
      spy.mockRestore();
    }
    expect(raced).toBe(true);
    expect(await blobs().get('faces/u4/new')).toEqual({ data: Buffer.from('new'), contentType: 'image/jpeg' });
  });
});
