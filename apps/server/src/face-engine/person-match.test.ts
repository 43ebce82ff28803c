// matchPerson with synthetic descriptors: the probe is the origin, a photo r·e_k lies at distance r from it, and
// photos along different axes make templates of known distance.
import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD } from './face-distance.ts';
import { matchPerson, personScore, RUNNER_UP_MARGIN, TOO_CLOSE_MARGIN, VERY_SURE_DISTANCE, type KnownPerson } from './person-match.ts';

const probe = new Float32Array(128);
/** A descriptor at distance `r` from the probe, along axis `k`. */
function at(r: number, k = 0): Float32Array {
  const descriptor = new Float32Array(128);
  descriptor[k] = r;
  return descriptor;
}
/** A person whose photos lie at these distances, each along its own axis (`axis` onwards). */
function person(face_id: string, distances: number[], axis = 0): KnownPerson {
  return { face_id, name: `Name of ${face_id}`, photos: distances.map((r, i) => ({ photo_id: `${face_id}-photo-${i}`, descriptor: at(r, axis + i) })) };
}

describe('personScore', () => {
  it('is the plain distance for one photo', () => {
    expect(personScore(probe, [at(0.3)])).toEqual({ distance: expect.closeTo(0.3, 6), photo: 0 });
  });

  it('is the nearest photo when the photos agree, and names that photo', () => {
    // Mean of 0.4·e0 and 0.3·e1 lies 0.25 away; the nearest photo 0.3.
    expect(personScore(probe, [at(0.4, 0), at(0.3, 1)])).toEqual({ distance: expect.closeTo(0.3, 6), photo: 1 });
  });

  it('is the distance to the mean when the photos disagree, so one close photo is not enough', () => {
    // 0.3·e0 and 0.9·e0 in the same direction: the mean lies 0.6 away, past the threshold, though a photo is at 0.3.
    const { distance } = personScore(probe, [at(0.3), at(0.9)]);
    expect(distance).toBeCloseTo(0.6, 6);
    expect(distance).toBeGreaterThan(MATCH_THRESHOLD);
  });

  it('refuses descriptors of another length', () => {
    expect(() => personScore(probe, [new Float32Array(64)])).toThrow(RangeError);
  });
});

describe('matchPerson', () => {
  const nobody = { person: null, confidence: null, runner_up: null };

  it('names nobody without people, without photos, or when the best is not within the threshold', () => {
    expect(matchPerson(probe, [], [])).toEqual(nobody);
    expect(matchPerson(probe, [person('a', [])], [])).toEqual(nobody);
    expect(matchPerson(probe, [person('a', [MATCH_THRESHOLD]), person('b', [0.9])], [])).toEqual(nobody);
  });

  it('is very sure of a close person with nobody near, and gives the distance to 3 decimals and the best photo', () => {
    const verdict = matchPerson(probe, [person('a', [0.41234, 0.5]), person('b', [0.8])], []);
    expect(verdict).toEqual({ person: { face_id: 'a', name: 'Name of a', distance: 0.412, photo_id: 'a-photo-0' }, confidence: 'very-sure', runner_up: null });
  });

  it('is fairly sure of a person past VERY_SURE_DISTANCE but within the threshold', () => {
    const verdict = matchPerson(probe, [person('a', [VERY_SURE_DISTANCE + 0.05]), person('b', [0.9])], []);
    expect(verdict).toMatchObject({ person: { face_id: 'a' }, confidence: 'fairly-sure', runner_up: null });
  });

  it('gives a close runner-up and lowers very-sure to fairly-sure', () => {
    const second = 0.3 + RUNNER_UP_MARGIN - 0.01;
    const verdict = matchPerson(probe, [person('b', [second]), person('a', [0.3])], []);
    expect(verdict).toEqual({
      person: { face_id: 'a', name: 'Name of a', distance: 0.3, photo_id: 'a-photo-0' },
      confidence: 'fairly-sure',
      runner_up: { face_id: 'b', name: 'Name of b', distance: 0.36 },
    });
  });

  it('counts a runner-up past the threshold when it is close to the best', () => {
    const verdict = matchPerson(probe, [person('a', [0.5]), person('b', [0.55])], [{ a: 'a', b: 'b' }]);
    expect(verdict).toMatchObject({ person: { face_id: 'a' }, confidence: 'not-sure', runner_up: { face_id: 'b', distance: 0.55 } });
  });

  it('is not sure when the runner-up is someone the wearer keeps apart from the best, either way round', () => {
    const people = [person('a', [0.3]), person('b', [0.35]), person('c', [0.9])];
    for (const apart of [[{ a: 'a', b: 'b' }], [{ a: 'b', b: 'a' }]]) {
      expect(matchPerson(probe, people, apart)).toMatchObject({ person: { face_id: 'a', distance: 0.3 }, confidence: 'not-sure', runner_up: { face_id: 'b' } });
    }
  });

  it('is not sure when anyone within the margin is kept apart from the best, not only the runner-up', () => {
    const people = [person('a', [0.3]), person('b', [0.33]), person('c', [0.36])];
    expect(matchPerson(probe, people, [{ a: 'c', b: 'a' }])).toMatchObject({ confidence: 'not-sure', runner_up: { face_id: 'b' } });
  });

  it('ignores apart pairs that do not involve the best or lie outside the margin', () => {
    const people = [person('a', [0.3]), person('b', [0.3 + RUNNER_UP_MARGIN + 0.01]), person('c', [0.33])];
    expect(matchPerson(probe, people, [{ a: 'a', b: 'b' }, { a: 'b', b: 'c' }])).toMatchObject({ confidence: 'fairly-sure', runner_up: { face_id: 'c' } });
    expect(matchPerson(probe, people.slice(0, 2), [{ a: 'a', b: 'b' }])).toMatchObject({ confidence: 'very-sure', runner_up: null });
  });

  it('is not sure when any two score too close to tell, kept apart or not', () => {
    const verdict = matchPerson(probe, [person('a', [0.3]), person('b', [0.3 + TOO_CLOSE_MARGIN / 2])], []);
    expect(verdict).toMatchObject({ person: { face_id: 'a' }, confidence: 'not-sure', runner_up: { face_id: 'b' } });
  });

  it('scores each person from all their photos: one close photo among disagreeing ones does not name a stranger', () => {
    // b has a photo at 0.2 but another at 1.0 along the same axis: its mean lies 0.6 away.
    const disagreeing: KnownPerson = { face_id: 'b', name: 'b', photos: [0.2, 1.0].map((r, i) => ({ photo_id: `b-${i}`, descriptor: at(r) })) };
    expect(matchPerson(probe, [disagreeing], [])).toEqual(nobody);
    expect(matchPerson(probe, [person('a', [0.45, 0.47, 0.5]), disagreeing], [])).toMatchObject({ person: { face_id: 'a', photo_id: 'a-photo-0' }, runner_up: null });
  });
});
