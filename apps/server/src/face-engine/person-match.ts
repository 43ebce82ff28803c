// Whose face a probe is, scored against each known person from all of their photos, and how sure that is.
// Why this score and these margins: D-062 (`npm run bench -- recognition`).
import { faceDistance, MATCH_THRESHOLD } from './face-distance.ts';

export interface KnownPerson {
  face_id: string;
  name: string;
  photos: { photo_id: string; descriptor: ArrayLike<number> }[];
}
/** Pairs of people the wearer said are different ('It's someone else'), by face_id. */
export interface ApartPair {
  a: string;
  b: string;
}
export type Confidence = 'very-sure' | 'fairly-sure' | 'not-sure';
export interface PersonVerdict {
  /** The best-scoring person within the threshold, with the score's distance and the photo that matched best; null: nobody. */
  person: { face_id: string; name: string; distance: number; photo_id: string } | null;
  /** null when person is null. 'not-sure': two people the wearer keeps apart (or any two) score too close to tell: the glasses must say no name. */
  confidence: Confidence | null;
  /** The second-best person when close to the best (within a margin you measure), else null. */
  runner_up: { face_id: string; name: string; distance: number } | null;
}

/**
 * A score under this is 'very-sure' (unless another person scores within RUNNER_UP_MARGIN): about 0.1 short of the
 * closest stranger measured (0.563), as far as a photo's descriptor moves when it is merely re-saved or blurred a
 * little (`npx tsx tools/faces/photo-measures.ts`).
 */
export const VERY_SURE_DISTANCE = 0.45;
/**
 * Another person scoring within this of the best is the runner-up: 'fairly-sure' at most, 'not-sure' if kept apart.
 * About what one photo's descriptor moves with the detector's box (0.07) or a JPEG re-save (0.060, median): the
 * order of two people this close can turn on such chance.
 */
export const RUNNER_UP_MARGIN = 0.07;
/**
 * Two people scoring within this cannot be told apart, kept apart or not ('not-sure'): about the least that re-saving
 * a photo as JPEG moved its descriptor (0.019; median 0.060, `npx tsx tools/faces/photo-measures.ts`).
 */
export const TOO_CLOSE_MARGIN = 0.02;

/**
 * A person's score for a probe: the larger of its distance to the mean of their descriptors and to their nearest
 * photo. Both must be within MATCH_THRESHOLD, so a person is named only when their photos agree as a whole and one of
 * them as today's single-photo match would; with one photo it is today's distance. `photo` is the nearest photo's index.
 */
export function personScore(probe: ArrayLike<number>, descriptors: readonly ArrayLike<number>[]): { distance: number; photo: number } {
  const template = new Float64Array(probe.length);
  const share = 1 / descriptors.length;
  let nearest = { distance: Infinity, photo: -1 };
  descriptors.forEach((descriptor, photo) => {
    const distance = faceDistance(probe, descriptor);
    if (distance < nearest.distance) nearest = { distance, photo };
    for (let i = 0; i < template.length; i += 1) template[i]! += descriptor[i]! * share;
  });
  return { distance: Math.max(nearest.distance, faceDistance(probe, template)), photo: nearest.photo };
}

const round = (distance: number) => Math.round(distance * 1000) / 1000;
/** The lower score first; equal scores in face_id order, so the answer never depends on the order of `people`. */
const ranksFirst = (x: Scored, y: Scored) => x.distance < y.distance || (x.distance === y.distance && x.person.face_id < y.person.face_id);
type Scored = { person: KnownPerson; distance: number };

export function matchPerson(probe: ArrayLike<number>, people: readonly KnownPerson[], apart: readonly ApartPair[]): PersonVerdict {
  const scored = people
    .filter((person) => person.photos.length > 0)
    .map((person) => ({ person, ...personScore(probe, person.photos.map((photo) => photo.descriptor)) }));
  let best: (typeof scored)[number] | undefined;
  for (const candidate of scored) if (!best || ranksFirst(candidate, best)) best = candidate;
  if (!best || best.distance >= MATCH_THRESHOLD) return { person: null, confidence: null, runner_up: null };

  const { face_id, name, photos } = best.person;
  const person = { face_id, name, distance: round(best.distance), photo_id: photos[best.photo]!.photo_id };

  const close = scored.filter((other) => other !== best && other.distance - best.distance < RUNNER_UP_MARGIN).sort((x, y) => (ranksFirst(x, y) ? -1 : 1));
  const [runner] = close;
  const runner_up = runner ? { face_id: runner.person.face_id, name: runner.person.name, distance: round(runner.distance) } : null;
  const keptApart = (other: string) => apart.some(({ a, b }) => (a === face_id && b === other) || (a === other && b === face_id));
  const tooClose = runner !== undefined && runner.distance - best.distance < TOO_CLOSE_MARGIN;
  let confidence: Confidence = best.distance < VERY_SURE_DISTANCE && close.length === 0 ? 'very-sure' : 'fairly-sure';
  if (tooClose || close.some(({ person: other }) => keptApart(other.face_id))) confidence = 'not-sure';
  return { person, confidence, runner_up };
}
