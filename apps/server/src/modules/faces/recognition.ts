import type { RecognizeAnswer } from '@seva/shared';
import type { Db } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import { faceDistance, MATCH_THRESHOLD } from '../../face-engine/face-engine.ts';
import { decodeDescriptor } from './descriptors.ts';
import { requireImage, type WithEngine } from './engine-turns.ts';
import { checkOwnEmail } from './own-email.ts';
import * as store from './store.ts';

/** What the glasses ask of the caller's faces in a picture: whose face it is, and where faces are. */
export function createFaceRecognition(db: Db, withEngine: WithEngine) {
  return {
    /** The nearest of the caller's faces to the largest face in the image, if under the threshold, and how many faces it shows. */
    async recognize(user: SignedInUser, email: string, file: Buffer | undefined): Promise<RecognizeAnswer> {
      checkOwnEmail(user, email);
      requireImage(file);
      const { faces } = await withEngine(user, 'analyse', (engine) => engine.analyse(file));
      const largest = [...faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
      if (!largest) return { match: null, faceCount: 0 };
      let best: RecognizeAnswer['match'] = null;
      for (const known of await store.descriptors(db, user.uid)) {
        const distance = faceDistance(largest.descriptor, decodeDescriptor(known.descriptor));
        if (distance < MATCH_THRESHOLD && (!best || distance < best.distance)) {
          best = { face_id: known.face_id, name: known.name, distance: Math.round(distance * 1000) / 1000 };
        }
      }
      return { match: best, faceCount: faces.length };
    },

    /** Live camera guidance: where faces are in a small frame, without describing them. */
    async detect(user: SignedInUser, email: string, file: Buffer | undefined) {
      checkOwnEmail(user, email);
      requireImage(file);
      return withEngine(user, 'detect', (engine) => engine.detect(file));
    },
  };
}
