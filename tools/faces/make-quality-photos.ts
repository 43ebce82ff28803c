// Writes test-data/faces/quality/: photos made from the face fixtures that analyse must refuse for their quality
// (see test-data/faces/README.md). Run: npx tsx tools/faces/make-quality-photos.ts
import fs from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { faceFixture } from '../../test-kit/test-data.ts';

const open = (...parts: string[]) => sharp(fs.readFileSync(faceFixture(...parts)));
// Leonard's head, turned towards Sheldon, in the group photo.
const turnedHead = () => open('many-faces', 'bbt2.jpg').extract({ left: 50, top: 85, width: 170, height: 170 });

/** Each file, named for the problem it must be refused with, and how it is made. */
const QUALITY_PHOTOS: Record<string, () => Sharp> = {
  'too-small-neutral.jpg': () => open('single', 'neutral.jpg').resize({ width: 152 }),
  'too-small-sad.jpg': () => open('single', 'sad.jpg').resize({ width: 100 }),
  'too-dark-happy.jpg': () => open('single', 'happy.jpg').linear(0.25, 0),
  'too-dark-sad.jpg': () => open('single', 'sad.jpg').linear(0.25, 0),
  'too-bright-sad.jpg': () => open('single', 'sad.jpg').linear(1.8, 30),
  'too-bright-surprised.jpg': () => open('single', 'surprised.jpg').linear(1.8, 30),
  'blurred-neutral.jpg': () => open('single', 'neutral.jpg').blur(4),
  'blurred-happy.jpg': () => open('single', 'happy.jpg').blur(4),
  'turned-leonard.jpg': turnedHead,
  'turned-leonard-close.jpg': () => turnedHead().resize({ width: 272 }),
};

fs.mkdirSync(faceFixture('quality'), { recursive: true });
for (const [name, make] of Object.entries(QUALITY_PHOTOS)) {
  const { size } = await make().jpeg({ quality: 85 }).toFile(faceFixture('quality', name));
  console.log(`${name}: ${size} bytes`);
}
