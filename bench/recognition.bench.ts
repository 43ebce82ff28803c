// Matching a person from several photos (D-062) on the labelled set test-data/faces/people (8 people x 5 photos): how
// many are recognised, named wrongly, and how many strangers are named, with 1, 2 and 3 photos a person, against
// today's matching; the scoring methods compared; recognition latency against 1,000 people; the full sync's size with
// several photos a person. Run: npm run bench -- recognition
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { createFaceEngine, DESCRIPTOR_MODEL_VERSION, MATCH_THRESHOLD } from '../apps/server/src/face-engine/face-engine.ts';
import { matchPerson, type KnownPerson } from '../apps/server/src/face-engine/person-match.ts';
import { compactDescriptor, descriptorNumbers } from '../apps/server/src/modules/faces/descriptors.ts';
import { faceFixture } from '../test-kit/test-data.ts';
import { benchPhoto } from './support/face-photo.ts';
import { fmt, percentile } from './support/processes.ts';
import {
  chosenNamer,
  chosenScore,
  choices,
  kOfNScore,
  nearestScore,
  scoreNamer,
  scoreSpread,
  templateScore,
  todayNamer,
  trials,
  type LabelledPerson,
  type TrialOutcome,
} from './support/recognition-trials.ts';
import { heading, sized, verdict } from './support/smoke.ts';
import { syntheticDescriptor } from '../apps/server/src/testing/stored-faces.ts';

const PHOTOS = 5;
const PEOPLE = sized(Infinity, 3);
const KNOWN_PEOPLE = sized(1000, 50);
const RUNS = sized(20, 2);
const TARGETS = { recognised: 99.5, strangersNamed: 1, syncKb: 600 };
// zlib level 1, as the sync route sends it (apps/server/src/modules/devices/routes.ts).
const gzipKb = (json: unknown) => zlib.gzipSync(JSON.stringify(json), { level: 1 }).length / 1024;
const pct = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole);

const names = fs.readdirSync(faceFixture('people')).sort().slice(0, PEOPLE);
heading(`recognition on test-data/faces/people: ${names.length} people x ${PHOTOS} photos, MATCH_THRESHOLD ${MATCH_THRESHOLD}`);

const engine = createFaceEngine({ threads: 2 });
const people: LabelledPerson[] = await Promise.all(
  names.map(async (name) => ({
    name,
    descriptors: await Promise.all(
      Array.from({ length: PHOTOS }, async (_, i) => {
        const { faces } = await engine.analyse(fs.readFileSync(faceFixture('people', name, `${name}${i + 1}.png`)));
        if (faces.length !== 1) throw new Error(`${name}${i + 1}.png: ${faces.length} faces`);
        return Float32Array.from(faces[0]!.descriptor);
      }),
    ),
  })),
);

const figures = (outcome: TrialOutcome) => ({
  recognised: pct(outcome.recognised, outcome.probes),
  wrong: pct(outcome.wrong, outcome.probes),
  strangers: pct(outcome.strangersNamed, outcome.strangerProbes),
});
const line = (outcome: TrialOutcome) => {
  const { recognised, wrong, strangers } = figures(outcome);
  return (
    `recognised ${fmt(recognised).padStart(5)} % (${outcome.recognised}/${outcome.probes}), wrong names ${fmt(wrong)} % (${outcome.wrong}), ` +
    `strangers named ${fmt(strangers)} % (${outcome.strangersNamed}/${outcome.strangerProbes})`
  );
};

console.log('\nEnrol photos 1..n of each person, probe with the rest; strangers: each person left out in turn, probed with all 5 photos');
const strangersByN: number[] = [];
for (const n of [1, 2, 3]) {
  const firstN = [choices(n, n)[0]!];
  const chosen = trials(people, firstN, chosenNamer);
  const today = trials(people, firstN, todayNamer);
  const { recognised, strangers } = figures(chosen);
  strangersByN.push(strangers);
  console.log(`n = ${n}  matchPerson: ${line(chosen)}`);
  console.log(`        today (each photo its own face, nearest under ${MATCH_THRESHOLD}): ${line(today)}`);
  console.log(
    `        targets: recognised >= ${TARGETS.recognised} % ${verdict(recognised >= TARGETS.recognised)}; ` +
      `strangers named <= ${TARGETS.strangersNamed} % ${verdict(strangers <= TARGETS.strangersNamed)}`,
  );
}
const [withOne, , withThree] = strangersByN;
console.log(`strangers named with 3 photos (${fmt(withThree!)} %) no higher than with 1 (${fmt(withOne!)} %): ${verdict(withThree! <= withOne!)}`);

console.log('\nScoring methods over every choice of n enrolment photos (under MATCH_THRESHOLD, no margins): own = the probe\'s');
console.log('own person\'s score, stranger = the best score among the others when the probe\'s person is left out');
const methods = { nearest: nearestScore, 'mean template': templateScore, 'k-of-n (k = ceil(n/2))': kOfNScore, 'chosen: personScore': chosenScore };
for (const [method, score] of Object.entries(methods)) {
  for (const n of [1, 2, 3]) {
    const enrolments = choices(n, PHOTOS);
    const { recognised, strangers } = figures(trials(people, enrolments, scoreNamer(score)));
    const spread = scoreSpread(people, enrolments, score);
    console.log(
      `${method.padEnd(23)} n = ${n}: recognised ${fmt(recognised).padStart(5)} %, strangers named ${fmt(strangers)} %; ` +
        `own p95 ${fmt(spread.ownP95, 3)} max ${fmt(spread.ownMax, 3)}; stranger min ${fmt(spread.strangerMin, 3)} p5 ${fmt(spread.strangerP5, 3)}; ` +
        `gap to second when right: min ${fmt(spread.gapMin, 3)} p5 ${fmt(spread.gapP5, 3)}`,
    );
  }
}

const confidences = new Map<string, number>();
for (const photos of choices(3, PHOTOS)) {
  const enrolled: KnownPerson[] = people.map(({ name, descriptors }) => ({ face_id: name, name, photos: photos.map((i) => ({ photo_id: `${i}`, descriptor: descriptors[i]! })) }));
  for (const { name, descriptors } of people) {
    descriptors.forEach((probe, i) => {
      if (photos.includes(i)) return;
      const verdict = matchPerson(probe, enrolled, []);
      const key = verdict.person === null ? 'nobody' : `${verdict.person.face_id === name ? 'right' : 'wrong'} ${verdict.confidence}`;
      confidences.set(key, (confidences.get(key) ?? 0) + 1);
    });
  }
}
console.log(`matchPerson's confidence, n = 3, every choice: ${[...confidences].sort().map(([key, count]) => `${key} ${count}`).join(', ')}`);

// Latency: the engine's analyse of the bench photo, then matchPerson against 1,000 people with 3 photos each.
const known: KnownPerson[] = Array.from({ length: KNOWN_PEOPLE }, (_, i) => ({
  face_id: randomUUID(),
  name: `Person ${i}`,
  photos: Array.from({ length: 3 }, () => ({ photo_id: randomUUID(), descriptor: new Float32Array(syntheticDescriptor().buffer) })),
}));
const photo = await benchPhoto();
const [totals, matches] = [[] as number[], [] as number[]];
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  const [face] = (await engine.analyse(photo)).faces;
  const matching = performance.now();
  matchPerson(face!.descriptor, known, []);
  const done = performance.now();
  totals.push(done - started);
  matches.push(done - matching);
}
await engine.close();
console.log(
  `\nrecognition (${RUNS} runs): analyse + matchPerson against ${KNOWN_PEOPLE} people x 3 photos p50 ${fmt(percentile(totals, 50), 0)} ms ` +
    `(matchPerson alone p50 ${fmt(percentile(matches, 50), 2)} ms)`,
);

// The full sync's size, gzipped as sent: today one photo a face as JSON numbers, then three photos a person compact.
const updatedAt = new Date().toISOString();
const today = {
  cursor: 'v1.1000.1000',
  faces: known.map(({ face_id, name }) => ({ face_id, name, descriptor: descriptorNumbers(syntheticDescriptor()), updated_at: updatedAt })),
};
const compact = {
  cursor: 'v1.1000.1000',
  model_version: DESCRIPTOR_MODEL_VERSION,
  faces: known.map(({ face_id, name, photos }) => ({
    face_id,
    name,
    updated_at: updatedAt,
    photos: photos.map(({ photo_id }) => ({ photo_id, descriptor: compactDescriptor(syntheticDescriptor()) })),
  })),
};
const [todayKb, compactKb] = [gzipKb(today), gzipKb(compact)];
console.log(`full sync for ${KNOWN_PEOPLE} people, gzipped (level 1, as sent):`);
console.log(`  today, 1 photo a face, JSON numbers at 7 decimals (baseline): ${fmt(todayKb)} KB`);
console.log(
  `  3 photos a person, compact descriptors (base64 int8 + scale):  ${fmt(compactKb)} KB (${fmt(JSON.stringify(compact).length / 1024)} KB of JSON) ` +
    `(target <= ${TARGETS.syncKb} KB) ${verdict(compactKb <= TARGETS.syncKb)}`,
);
