// assessPhoto's order of checks, and the real engine on the fixtures: every real photo passes, every photo made bad
// (test-data/faces/quality/, named for its problem) is refused with that problem.
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture } from '../../../../test-kit/test-data.ts';
import { createFaceEngine, type FaceEngine } from './face-engine.ts';
import { assessPhoto, MAX_BRIGHTNESS, MAX_YAW, MIN_BRIGHTNESS, MIN_FACE_SIZE, MIN_SHARPNESS, type PhotoMeasures } from './photo-quality.ts';

// Generous: 50 photos on CPU (wasm); on a 2-core machine busy with other suites the first test took 230 s.
const SLOW = 600_000;

describe('assessPhoto', () => {
  const fine: PhotoMeasures = { faceSize: 130, brightness: 130, sharpness: 0.5, yaw: 0.1 };

  it('calls a large, well-lit, sharp, frontal face good, and one near a limit usable', () => {
    expect(assessPhoto(fine)).toEqual({ quality: 'good' });
    expect(assessPhoto({ ...fine, faceSize: MIN_FACE_SIZE })).toEqual({ quality: 'usable' });
    expect(assessPhoto({ ...fine, yaw: -MAX_YAW })).toEqual({ quality: 'usable' });
  });

  it('names each problem past its limit, the turn either way', () => {
    expect(assessPhoto({ ...fine, faceSize: MIN_FACE_SIZE - 1 })).toEqual({ problem: 'too-small' });
    expect(assessPhoto({ ...fine, brightness: MIN_BRIGHTNESS - 1 })).toEqual({ problem: 'too-dark' });
    expect(assessPhoto({ ...fine, brightness: MAX_BRIGHTNESS + 1 })).toEqual({ problem: 'too-bright' });
    expect(assessPhoto({ ...fine, sharpness: MIN_SHARPNESS / 2 })).toEqual({ problem: 'blurred' });
    expect(assessPhoto({ ...fine, yaw: MAX_YAW + 0.01 })).toEqual({ problem: 'turned' });
    expect(assessPhoto({ ...fine, yaw: -MAX_YAW - 0.01 })).toEqual({ problem: 'turned' });
  });

  it('names the first problem in the order too-small, too-dark, too-bright, blurred, turned', () => {
    const bad = { faceSize: 20, brightness: 10, sharpness: 0, yaw: 0.9 };
    expect(assessPhoto(bad)).toEqual({ problem: 'too-small' });
    expect(assessPhoto({ ...bad, faceSize: 130 })).toEqual({ problem: 'too-dark' });
    expect(assessPhoto({ ...bad, faceSize: 130, brightness: 250 })).toEqual({ problem: 'too-bright' });
    expect(assessPhoto({ ...bad, faceSize: 130, brightness: 130 })).toEqual({ problem: 'blurred' });
    expect(assessPhoto({ ...bad, faceSize: 130, brightness: 130, sharpness: 0.5 })).toEqual({ problem: 'turned' });
  });
});

describe('photo quality measured by the engine', () => {
  let engine: FaceEngine;
  beforeAll(() => {
    engine = createFaceEngine({ threads: 2 });
  });
  afterAll(() => engine.close());

  const list = (folder: string) => fs.readdirSync(faceFixture(folder)).sort().map((name) => `${folder}/${name}`);
  /** Each file's one face judged, four files at a time (the engine's queue is bounded). */
  async function assessAll(files: string[]) {
    const verdicts: Array<{ file: string; faces: number; verdict?: ReturnType<typeof assessPhoto> }> = [];
    let next = 0;
    const work = async () => {
      for (let file = files[next++]; file; file = files[next++]) {
        const { faces } = await engine.analyse(fs.readFileSync(faceFixture(file)));
        verdicts.push({ file, faces: faces.length, verdict: faces[0] && assessPhoto(faces[0].measures) });
      }
    };
    await Promise.all([work(), work(), work(), work()]);
    return verdicts.sort((a, b) => a.file.localeCompare(b.file));
  }

  it('passes every real photo of people/, single/ and formats/, nearly all of them as good', async () => {
    const people = fs.readdirSync(faceFixture('people')).flatMap((person) => list(`people/${person}`));
    const verdicts = await assessAll([...people, ...list('single'), ...list('formats')]);
    for (const { file, faces, verdict } of verdicts) expect({ file, faces, refused: verdict && 'problem' in verdict }).toEqual({ file, faces: 1, refused: false });
    const good = verdicts.filter(({ verdict }) => verdict && 'quality' in verdict && verdict.quality === 'good');
    expect(good.length).toBeGreaterThanOrEqual(verdicts.length - 5);
  }, SLOW);

  it('refuses each photo of quality/ with the problem its name starts with', async () => {
    const verdicts = await assessAll(list('quality'));
    expect(verdicts.length).toBeGreaterThanOrEqual(10);
    for (const { file, faces, verdict } of verdicts) {
      const problem = /^quality\/(too-small|too-dark|too-bright|blurred|turned)-/.exec(file)?.[1];
      expect({ file, faces, verdict }).toEqual({ file, faces: 1, verdict: { problem } });
    }
  }, SLOW);

  it('measures the same face alike as a tight crop and twice as large in a photo, but for its size', async () => {
    const crop = fs.readFileSync(faceFixture('people', 'raj', 'raj1.png'));
    const large = await sharp(crop).resize(300).toBuffer();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a8580' } }).composite([{ input: large }]).jpeg({ quality: 90 }).toBuffer();
    const measure = async (file: Buffer) => (await engine.analyse(file)).faces[0]!.measures;
    const [tight, framed] = await Promise.all([measure(crop), measure(photo)]);
    expect(framed.faceSize / tight.faceSize).toBeCloseTo(2, 0);
    expect(Math.abs(framed.brightness - tight.brightness)).toBeLessThan(10);
    expect(framed.sharpness / tight.sharpness).toBeGreaterThan(0.7);
    expect(framed.sharpness / tight.sharpness).toBeLessThan(1.4);
    expect(Math.abs(framed.yaw - tight.yaw)).toBeLessThan(0.1);
  }, SLOW);
});
