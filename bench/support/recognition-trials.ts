// The recognition trials on a labelled set (people with 5 photos each): enrol n photos of every person, probe with
// their other photos (recognised, wrong name), and probe with all photos of each person left out in turn (strangers).
import { faceDistance, MATCH_THRESHOLD } from '../../apps/server/src/face-engine/face-distance.ts';
import { matchPerson, personScore, type KnownPerson } from '../../apps/server/src/face-engine/person-match.ts';
import { percentile } from './processes.ts';

/** A person of the labelled set: a name and the descriptors of their photos, in order. */
export interface LabelledPerson {
  name: string;
  descriptors: Float32Array[];
}
/** Who a rule names for a probe among the enrolled people (face_id), or null for nobody. */
export type Namer = (probe: Float32Array, people: KnownPerson[]) => string | null;
/** How a scoring method rates one person for a probe from the descriptors of their enrolled photos. */
export type Score = (probe: Float32Array, descriptors: readonly Float32Array[]) => number;

export interface TrialOutcome {
  probes: number;
  recognised: number;
  wrong: number;
  strangerProbes: number;
  strangersNamed: number;
}

/** Every way to pick `n` of the photos 0..count-1 (the enrolment choices). */
export function choices(n: number, count: number): number[][] {
  if (n === 0) return [[]];
  return Array.from({ length: count - n + 1 }, (_, first) => choices(n - 1, count - first - 1).map((rest) => [first, ...rest.map((i) => i + first + 1)])).flat();
}

function enrol(people: readonly LabelledPerson[], photos: readonly number[]): KnownPerson[] {
  return people.map(({ name, descriptors }) => ({
    face_id: name,
    name,
    photos: photos.map((i) => ({ photo_id: `${name}-${i + 1}`, descriptor: descriptors[i]! })),
  }));
}

/** Runs `name` over the trials for each enrolment choice in `enrolments` (photo indexes). */
export function trials(people: readonly LabelledPerson[], enrolments: readonly number[][], name: Namer): TrialOutcome {
  const outcome: TrialOutcome = { probes: 0, recognised: 0, wrong: 0, strangerProbes: 0, strangersNamed: 0 };
  for (const photos of enrolments) {
    const enrolled = enrol(people, photos);
    for (const person of people) {
      person.descriptors.forEach((probe, i) => {
        if (photos.includes(i)) return;
        const named = name(probe, enrolled);
        outcome.probes += 1;
        if (named === person.name) outcome.recognised += 1;
        else if (named !== null) outcome.wrong += 1;
      });
      const others = enrolled.filter(({ face_id }) => face_id !== person.name);
      for (const probe of person.descriptors) {
        outcome.strangerProbes += 1;
        if (name(probe, others) !== null) outcome.strangersNamed += 1;
      }
    }
  }
  return outcome;
}

/** The glasses' answer: matchPerson's person, unless it is not sure. */
export const chosenNamer: Namer = (probe, people) => {
  const verdict = matchPerson(probe, people, []);
  return verdict.confidence === 'not-sure' ? null : (verdict.person?.face_id ?? null);
};

/** Today's matching: every photo a face of its own, the nearest one under MATCH_THRESHOLD. */
export const todayNamer: Namer = (probe, people) => scoreNamer(nearestScore)(probe, people);

/** The best-scoring person under MATCH_THRESHOLD, by `score` alone. */
export function scoreNamer(score: Score): Namer {
  return (probe, people) => {
    const best = ranked(probe, people, score)[0];
    return best && best.distance < MATCH_THRESHOLD ? best.face_id : null;
  };
}

function ranked(probe: Float32Array, people: readonly KnownPerson[], score: Score) {
  return people
    .map(({ face_id, photos }) => ({ face_id, distance: score(probe, photos.map(({ descriptor }) => descriptor as Float32Array)) }))
    .sort((a, b) => a.distance - b.distance);
}

export const nearestScore: Score = (probe, descriptors) => Math.min(...descriptors.map((descriptor) => faceDistance(probe, descriptor)));
/** The plain distance to the mean descriptor, without personDistance's correction for the number of photos. */
export const templateScore: Score = (probe, descriptors) => {
  const mean = new Float32Array(probe.length);
  for (const descriptor of descriptors) descriptor.forEach((value, i) => (mean[i]! += value / descriptors.length));
  return faceDistance(probe, mean);
};
/** The distance within which at least k = ceil(n/2) of the n photos lie: the k-th nearest. */
export const kOfNScore: Score = (probe, descriptors) =>
  descriptors.map((descriptor) => faceDistance(probe, descriptor)).sort((a, b) => a - b)[Math.ceil(descriptors.length / 2) - 1]!;
export const chosenScore: Score = (probe, descriptors) => personScore(probe, descriptors).distance;

/**
 * Score figures for the enrolment choices: own scores (the probe's own person, 95th percentile and largest),
 * strangers' best scores (smallest and 5th percentile), and the gap from the best to the second-best person when
 * the best is right (smallest and 5th percentile).
 */
export function scoreSpread(people: readonly LabelledPerson[], enrolments: readonly number[][], score: Score) {
  const [own, strangers, gaps] = [[] as number[], [] as number[], [] as number[]];
  for (const photos of enrolments) {
    const enrolled = enrol(people, photos);
    for (const person of people) {
      person.descriptors.forEach((probe, i) => {
        if (!photos.includes(i)) {
          const [best, second] = ranked(probe, enrolled, score);
          own.push(ranked(probe, enrolled.filter(({ face_id }) => face_id === person.name), score)[0]!.distance);
          if (best?.face_id === person.name && second) gaps.push(second.distance - best.distance);
        }
        strangers.push(ranked(probe, enrolled.filter(({ face_id }) => face_id !== person.name), score)[0]!.distance);
      });
    }
  }
  return {
    ownP95: percentile(own, 95),
    ownMax: Math.max(...own),
    strangerMin: Math.min(...strangers),
    strangerP5: percentile(strangers, 5),
    gapMin: Math.min(...gaps),
    gapP5: percentile(gaps, 5),
  };
}
