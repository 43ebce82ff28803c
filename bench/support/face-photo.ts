import fs from 'node:fs';
import sharp from 'sharp';
import { faceFixture } from '../../test-kit/test-data.ts';

/** The benches' photo: a 640x480 JPEG with one face (fixtures single/neutral.jpg) on a grey background. */
export async function benchPhoto(): Promise<Buffer> {
  const face = await sharp(fs.readFileSync(faceFixture('single', 'neutral.jpg')))
    .resize({ width: 640, height: 480, fit: 'inside' })
    .toBuffer();
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } })
    .composite([{ input: face, gravity: 'centre' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
