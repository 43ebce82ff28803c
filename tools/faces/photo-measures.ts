// The figures behind photo-quality.ts's thresholds (D-061): every fixture's measures and verdict, and how far
// degraded copies of the fixtures move from their own descriptor. Run: npx tsx tools/faces/photo-measures.ts
import fs from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { createFaceEngine, faceDistance, type DetectedFace } from '../../apps/server/src/face-engine/face-engine.ts';
import { assessPhoto, type PhotoMeasures } from '../../apps/server/src/face-engine/photo-quality.ts';
import { faceFixture } from '../../test-kit/test-data.ts';

const engine = createFaceEngine({ threads: 2 });
const read = (file: string) => fs.readFileSync(faceFixture(file));
const list = (folder: string) => fs.readdirSync(faceFixture(folder)).sort().map((name) => `${folder}/${name}`);
const people = fs.readdirSync(faceFixture('people')).sort().flatMap((person) => list(`people/${person}`));
// single/face1.png and face2.png are people/sheldon/sheldon1.png and people/howard/howard1.png again.
const originals = [...people, ...list('single').filter((file) => !/face\d/.test(file))];

/** Analyses every file, four at a time (the engine's queue is bounded). */
async function analyseAll(files: Array<{ label: string; image: () => Promise<Buffer> }>): Promise<Map<string, DetectedFace[]>> {
  const faces = new Map<string, DetectedFace[]>();
  let next = 0;
  const work = async () => {
    for (let file = files[next++]; file; file = files[next++]) faces.set(file.label, (await engine.analyse(await file.image())).faces);
  };
  await Promise.all([work(), work(), work(), work()]);
  return faces;
}

const range = (values: number[], decimals: number) =>
  values.length === 0 ? '-' : `${Math.min(...values).toFixed(decimals)}-${Math.max(...values).toFixed(decimals)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
const verdict = (measures: PhotoMeasures) => {
  const assessed = assessPhoto(measures);
  return 'problem' in assessed ? assessed.problem : assessed.quality;
};

function summary(label: string, measured: PhotoMeasures[], extra = ''): string {
  const of = (key: keyof PhotoMeasures) => measured.map((measures) => (key === 'yaw' ? Math.abs(measures[key]) : measures[key]));
  const [size, brightness, sharpness, yaw] = [range(of('faceSize'), 0), range(of('brightness'), 1), range(of('sharpness'), 3), range(of('yaw'), 3)];
  return `${label.padEnd(26)} faceSize ${size.padEnd(8)} brightness ${brightness.padEnd(11)} sharpness ${sharpness.padEnd(12)} |yaw| ${yaw.padEnd(12)}${extra}`;
}

console.log('Each photo: its one face measured, and assessPhoto\'s verdict');
const folders = ['people', 'single', 'formats', 'quality'];
const fixtures = folders.flatMap((folder) => (folder === 'people' ? people : list(folder)));
const analysed = await analyseAll(fixtures.map((file) => ({ label: file, image: async () => read(file) })));
for (const file of fixtures) {
  const found = analysed.get(file) ?? [];
  console.log(`${file.padEnd(40)} ${found.length === 1 ? `${verdict(found[0]!.measures).padEnd(10)} ${JSON.stringify(found[0]!.measures)}` : `${found.length} faces`}`);
}
console.log('\nBy folder (|yaw|: the turn either way)');
for (const folder of folders) {
  const measured = fixtures.filter((file) => file.startsWith(`${folder}/`)).flatMap((file) => (analysed.get(file) ?? []).map((face) => face.measures));
  const counts = new Map<string, number>();
  for (const value of measured.map(verdict)) counts.set(value, (counts.get(value) ?? 0) + 1);
  const verdicts = [...counts].map(([value, count]) => `${value} ${count}`);
  console.log(summary(folder, measured, ` ${verdicts.join(', ')}`));
}

// A copy framed small in a 640x480 photo, as a camera far away takes it.
const framed = (side: number) => async (image: Sharp) => {
  const face = await image.resize({ width: side, height: side, fit: 'inside' }).toBuffer();
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a8580' } }).composite([{ input: face, gravity: 'centre' }]).jpeg({ quality: 90 });
};
const degradations: Record<string, (image: Sharp) => Sharp | Promise<Sharp>> = {
  'JPEG re-saved, quality 80': (image) => image.jpeg({ quality: 80 }),
  'framed at 60 px': framed(60),
  'framed at 80 px': framed(80),
  'framed at 100 px': framed(100),
  'brightness x0.3': (image) => image.linear(0.3, 0),
  'brightness x0.4': (image) => image.linear(0.4, 0),
  'brightness x1.6 + 20': (image) => image.linear(1.6, 20),
  'brightness x2 + 20': (image) => image.linear(2, 20),
  'Gaussian blur sigma 1': (image) => image.blur(1),
  'Gaussian blur sigma 2': (image) => image.blur(2),
  'Gaussian blur sigma 3': (image) => image.blur(3),
};
console.log(`\nThe ${originals.length} photos of people/ and single/ degraded: faces found, their measures, verdicts, and the median distance`);
console.log('of each face found from its original\'s descriptor (MATCH_THRESHOLD is 0.54)');
const jobs = Object.entries(degradations).flatMap(([how, degrade]) =>
  originals.map((file) => ({ label: `${how}|${file}`, image: async () => (await degrade(sharp(read(file)))).toBuffer() })),
);
const degraded = await analyseAll(jobs);
for (const how of Object.keys(degradations)) {
  const found = originals.flatMap((file) => {
    const faces = degraded.get(`${how}|${file}`) ?? [];
    const original = analysed.get(file)?.[0];
    return faces.length === 1 && original ? [{ face: faces[0]!, drift: faceDistance(original.descriptor, faces[0]!.descriptor) }] : [];
  });
  const refused = found.filter(({ face }) => 'problem' in assessPhoto(face.measures)).length;
  const drifts = found.map(({ drift }) => drift);
  const extra = ` found ${found.length}, refused ${refused}, drift ${range(drifts, 3)} (median ${median(drifts).toFixed(3)})`;
  console.log(summary(how, found.map(({ face }) => face.measures), extra));
}

// Where a turned head stops being usable: the heads turned aside in many-faces/bbt2.jpg, cropped three ways at two
// sizes, as is and mirrored, against people/stuart/stuart5.png, the most turned photo that must pass.
const heads = { 'Sheldon in bbt2.jpg': { left: 330, top: 70, side: 180 }, 'Leonard in bbt2.jpg': { left: 50, top: 85, side: 170 } };
const turned = Object.entries(heads).flatMap(([who, { left, top, side }]) =>
  [-20, 0, 20].flatMap((shift) =>
    [1, 1.6].flatMap((scale) =>
      [false, true].map((mirrored) => ({
        label: `${who}|${shift} ${scale} ${mirrored}`,
        image: () =>
          sharp(read('many-faces/bbt2.jpg'))
            .extract({ left: left + shift, top, width: side, height: side })
            .resize({ width: Math.round(side * scale) })
            .flop(mirrored)
            .toBuffer(),
      })),
    ),
  ),
);
const stuart = [false, true].map((mirrored) => ({
  label: `people/stuart/stuart5.png|${mirrored}`,
  image: () => sharp(read('people/stuart/stuart5.png')).flop(mirrored).toBuffer(),
}));
const heading = await analyseAll([...turned, ...stuart]);
console.log('\nTurned heads: |yaw| as is, mirrored (each face found)');
for (const who of [...Object.keys(heads), 'people/stuart/stuart5.png']) {
  const yaws = (mirrored: boolean) =>
    [...heading]
      .filter(([label]) => label.startsWith(`${who}|`) && label.endsWith(String(mirrored)))
      .flatMap(([, faces]) => faces.map((face) => Math.abs(face.measures.yaw)));
  console.log(`${who.padEnd(26)} as is ${range(yaws(false), 3)}, mirrored ${range(yaws(true), 3)}`);
}
await engine.close();
