import { faceDistance, MATCH_THRESHOLD } from './face-engine.ts';

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
  person: { face_id: string; name: string; distance: number; photo_id: string } | null;
  confidence: Confidence | null;
  runner_up: { face_id: string; name: string; distance: number } | null;
}

/** Provisional: nearest photo, replaced by the measured method (D-062). */
const VERY_SURE = 0.45;
const RUNNER_UP_MARGIN = 0.06;
const round = (n: number) => Math.round(n * 1000) / 1000;

export function matchPerson(probe: ArrayLike<number>, people: readonly KnownPerson[], apart: readonly ApartPair[]): PersonVerdict {
  const scored = people
    .map((person) => {
      let best = { distance: Infinity, photo_id: '' };
      for (const photo of person.photos) {
        const distance = faceDistance(probe, photo.descriptor);
        if (distance < best.distance) best = { distance, photo_id: photo.photo_id };
      }
      return { person, ...best };
    })
    .filter((s) => s.distance < MATCH_THRESHOLD)
    .sort((a, b) => a.distance - b.distance);
  const [first, second] = scored;
  if (!first) return { person: null, confidence: null, runner_up: null };
  const close = second && second.distance - first.distance < RUNNER_UP_MARGIN ? second : undefined;
  const keptApart = close && apart.some((p) => (p.a === first.person.face_id && p.b === close.person.face_id) || (p.b === first.person.face_id && p.a === close.person.face_id));
  const confidence: Confidence = keptApart ? 'not-sure' : first.distance < VERY_SURE && !close ? 'very-sure' : 'fairly-sure';
  return {
    person: { face_id: first.person.face_id, name: first.person.name, distance: round(first.distance), photo_id: first.photo_id },
    confidence,
    runner_up: close ? { face_id: close.person.face_id, name: close.person.name, distance: round(close.distance) } : null,
  };
}
