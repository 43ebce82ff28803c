import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { repoRoot } from './processes.ts';

/** The benches' photo: a 640x480 JPEG with one face (fixtures single/neutral.jpg) on a grey background. */
export async function benchPhoto(): Promise<Buffer> {
  const face = await sharp(fs.readFileSync(path.resolve(repoRoot, '../shared/fixtures/faces/single/neutral.jpg')))
    .resize({ width: 640, height: 480, fit: 'inside' })
    .toBuffer();
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } })
    .composite([{ input: face, gravity: 'centre' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
