import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { faceFixture } from '../../../../test-kit/test-data.ts';
import { gridAfterItsFirstImage, neutralGrid } from '../testing/heif-files.ts';
import { createHeifDecoder, HeifDecodeOverrun } from './heif-decoder.ts';

const neutralHeic = fs.readFileSync(faceFixture('formats', 'neutral.heic'));
const SLOW = 120_000;

describe('the HEIF decoder', () => {
  const decoder = createHeifDecoder({ deadlineMs: 10_000 });
  afterAll(() => decoder.close());

  it('decodes the primary image (pitm), not the first image of the file', async () => {
    const decoded = await decoder.decode(gridAfterItsFirstImage());
    expect({ width: decoded.width, height: decoded.height, bytes: decoded.data.length }).toEqual({ width: 1216, height: 276, bytes: 1216 * 276 * 4 });
  }, SLOW);

  it('decodes pictures sent at once one after the other', async () => {
    const sizes = await Promise.all([neutralHeic, neutralGrid(1, 2), neutralHeic].map(async (file) => (await decoder.decode(file)).width));
    expect(sizes).toEqual([608, 1216, 608]);
  }, SLOW);

  it('rejects a file libheif cannot read, and reads the next one', async () => {
    const damaged = Buffer.concat([neutralHeic.subarray(0, 400), Buffer.alloc(200, 0x5a)]);
    await expect(decoder.decode(damaged)).rejects.toThrow(Error);
    expect((await decoder.decode(neutralHeic)).width).toBe(608);
  }, SLOW);
});

describe('the HEIF decoder\'s deadline', () => {
  it('stops a decode still running at its deadline, and decodes the next picture in a new thread', async () => {
    const hurried = createHeifDecoder({ deadlineMs: 1000 });
    try {
      expect((await hurried.decode(neutralHeic)).width).toBe(608); // the thread is up: only the decode is timed below
      // 13x13 tiles: 28 megapixels that take about 3 s to decode on 2 vCPUs.
      const started = performance.now();
      await expect(hurried.decode(neutralGrid(13, 13))).rejects.toThrow(HeifDecodeOverrun);
      expect(performance.now() - started).toBeLessThan(2000);
      expect((await hurried.decode(neutralHeic)).width).toBe(608);
    } finally {
      await hurried.close();
    }
  }, SLOW);
});
