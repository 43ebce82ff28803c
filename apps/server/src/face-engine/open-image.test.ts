import fs from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { faceFixture } from '../../../../test-kit/test-data.ts';
import { neutralGrid } from '../testing/heif-files.ts';
import { MAX_PIXELS } from './face-engine.ts';
import { HeifBoxError } from './heif-boxes.ts';
import { createHeifDecoder, HeifDecodeOverrun } from './heif-decoder.ts';
import { checkHeifPixels, imageProblem, openImage } from './open-image.ts';

const SLOW = 120_000;

describe('openImage', () => {
  const decoder = createHeifDecoder({ deadlineMs: 10_000 });
  afterAll(() => decoder.close());
  /** The real decoder, watched. */
  const watched = () => ({ decode: vi.fn((file: Uint8Array) => decoder.decode(file)) });

  it('refuses a HEIC grid over the pixel limit from its boxes, never calling the decoder', async () => {
    const heif = watched();
    const grid = neutralGrid(13, 13, { width: 608, height: 276 });
    const error = await openImage(grid, { maxPixels: MAX_PIXELS, heif }).catch((caught: unknown) => caught);
    expect(imageProblem(error)).toBe('too-large');
    expect(heif.decode).not.toHaveBeenCalled();
  });

  it('hands an HEIC to the decoder, and sharp the pixels of its primary image', async () => {
    const heif = watched();
    const image = await openImage(neutralGrid(1, 2), { maxPixels: MAX_PIXELS, heif });
    expect(await image.metadata()).toMatchObject({ width: 1216, height: 276 });
    expect(heif.decode).toHaveBeenCalledTimes(1);
  }, SLOW);

  it('refuses a HEIC whose boxes do not hold together as unreadable, before decoding', async () => {
    const heif = watched();
    const cut = fs.readFileSync(faceFixture('formats', 'neutral.heic')).subarray(0, 200);
    const error = await openImage(cut, { maxPixels: MAX_PIXELS, heif }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HeifBoxError);
    expect(imageProblem(error)).toBe('unreadable');
    expect(heif.decode).not.toHaveBeenCalled();
  });
});

describe('checkHeifPixels and imageProblem', () => {
  it('let other formats through to sharp, which reads their real size', () => {
    expect(() => checkHeifPixels(fs.readFileSync(faceFixture('single', 'neutral.jpg')), 1)).not.toThrow();
    expect(() => checkHeifPixels(neutralGrid(1, 1), 608 * 276)).not.toThrow();
    expect(() => checkHeifPixels(neutralGrid(1, 2), 608 * 276)).toThrow(/pixel limit/);
  });

  it('tell a picture too large, a decode past its deadline and anything else apart', () => {
    expect(imageProblem(new Error('Input image exceeds pixel limit'))).toBe('too-large');
    expect(imageProblem(new HeifDecodeOverrun('stopped'))).toBe('too-slow');
    expect(imageProblem(new HeifBoxError('no pitm box'))).toBe('unreadable');
    expect(imageProblem(new Error('VipsJpeg: premature end of input file'))).toBe('unreadable');
  });
});
