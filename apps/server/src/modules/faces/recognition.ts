import type { FaceVerdict, RecognizeAnswer } from '@seva/shared';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { DESCRIPTOR_MODEL_VERSION, type DetectedFace } from '../../face-engine/face-engine.ts';
import { matchPerson, type ApartPair, type KnownPerson } from '../../face-engine/person-match.ts';
import { decodeDescriptor } from './descriptors.ts';
import { requireImage, type WithEngine } from './engine-turns.ts';
import { checkOwnEmail } from './own-email.ts';
import { photoProblem } from './photo-check.ts';
import * as photoStore from './photo-store.ts';

/** Everyone the user's glasses may recognise, each with the descriptions of their photos, and the pairs kept apart. */
export async function knownPeople(db: Executor, userId: string): Promise<{ people: KnownPerson[]; apart: ApartPair[] }> {
  const [rows, apart] = await Promise.all([photoStore.descriptions(db, userId, DESCRIPTOR_MODEL_VERSION), photoStore.pairsApart(db, userId)]);
  const people = new Map<string, KnownPerson>();
  for (const row of rows) {
    const person = people.get(row.face_id) ?? { face_id: row.face_id, name: row.name, photos: [] };
    person.photos.push({ photo_id: row.photo_id, descriptor: decodeDescriptor(row.descriptor) });
    people.set(row.face_id, person);
  }
  return { people: [...people.values()], apart };
}

const area = (face: DetectedFace) => face.box.width * face.box.height;

/** What the glasses ask of the caller's faces in a picture: who is in it, and where faces are. */
export function createFaceRecognition(db: Db, withEngine: WithEngine) {
  return {
    /**
     * Who each face in the picture is (issue #32), left to right, as the glasses would say it; SPEC's `match` names
     * the largest face's person only when recognition is sure enough to say the name. Nothing is stored or logged.
     */
    async recognize(user: SignedInUser, email: string, file: Buffer | undefined): Promise<RecognizeAnswer> {
      checkOwnEmail(user, email);
      requireImage(file);
      const { faces } = await withEngine(user, 'analyse', (engine) => engine.analyse(file));
      const { people, apart } = faces.length > 0 ? await knownPeople(db, user.uid) : { people: [], apart: [] };
      const verdicts = new Map<DetectedFace, FaceVerdict>(
        faces.map((face) => [face, { box: face.box, ...matchPerson(face.descriptor, people, apart) }]),
      );
      const largest = [...faces].sort((a, b) => area(b) - area(a))[0];
      const main = largest ? verdicts.get(largest)! : { person: null, confidence: null, runner_up: null };
      const named = main.person && (main.confidence === 'very-sure' || main.confidence === 'fairly-sure');
      return {
        match: named && main.person ? { face_id: main.person.face_id, name: main.person.name, distance: main.person.distance } : null,
        faceCount: faces.length,
        person: main.person,
        confidence: main.confidence,
        runner_up: main.runner_up,
        photo_problem: largest ? photoProblem(largest) : null,
        model_version: DESCRIPTOR_MODEL_VERSION,
        faces: [...faces].sort((a, b) => a.box.x - b.box.x).map((face) => verdicts.get(face)!),
      };
    },

    /** Live camera guidance: where faces are in a small frame, without describing them. */
    async detect(user: SignedInUser, email: string, file: Buffer | undefined) {
      checkOwnEmail(user, email);
      requireImage(file);
      return withEngine(user, 'detect', (engine) => engine.detect(file));
    },
  };
}
