import { z } from 'zod';
import { photoProblemMessages } from './face-photos.ts';

/**
 * How sure recognition is of a person (D-062). 'not-sure': two people score too close to tell (two the wearer said are
 * different, above all): the glasses say no name.
 */
export const CONFIDENCES = ['very-sure', 'fairly-sure', 'not-sure'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** The words for a confidence, as the test page shows them and the glasses may say them. */
export const confidenceWords: Record<Confidence, string> = {
  'very-sure': /*i18n*/ 'Very sure',
  'fairly-sure': /*i18n*/ 'Fairly sure',
  'not-sure': /*i18n*/ 'Not sure',
};

const FACE_ID_EXAMPLE = '3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c';
const PHOTO_ID_EXAMPLE = '9a1c2e3f-4b5d-4c6e-8f70-8192a3b4c5d6';

const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const personSchema = z.object({ face_id: z.string(), name: z.string(), distance: z.number() });

/** What recognition says of one face in a picture. */
export const faceVerdictSchema = z.object({
  /** Where the face is, in pixels of the picture as oriented. */
  box: boxSchema,
  /** The person who scores best within the threshold, with the photo of theirs that matched best; null: nobody. */
  person: personSchema.extend({ photo_id: z.string() }).nullable(),
  /** null when `person` is null. Only 'very-sure' and 'fairly-sure' name someone. */
  confidence: z.enum(CONFIDENCES).nullable(),
  /** The next best person, when close to the first. */
  runner_up: personSchema.nullable(),
});
export type FaceVerdict = z.infer<typeof faceVerdictSchema>;

/**
 * What POST /face-api/recognize answers. `match` (SPEC's field) names the largest face's person only when recognition
 * is sure enough to say the name; `person`, `confidence` and `runner_up` tell more of the same face; `faces` says the
 * same of every face, left to right.
 */
export const recognizeAnswerSchema = z
  .object({
    match: personSchema.nullable(),
    /** How many faces the image shows, found as store_face finds them: a photo to enrol needs exactly one. */
    faceCount: z.number().int(),
    person: faceVerdictSchema.shape.person,
    confidence: faceVerdictSchema.shape.confidence,
    runner_up: faceVerdictSchema.shape.runner_up,
    /** Why the largest face's photo would not be kept (too dark, blurred…), in words to say; null when it would be. */
    photo_problem: z.string().nullable(),
    /** The recognition model that described the picture; descriptions of another model are not compared. */
    model_version: z.string(),
    faces: z.array(faceVerdictSchema),
  })
  .meta({
    examples: [
      {
        match: { face_id: FACE_ID_EXAMPLE, name: 'Asha Patel', distance: 0.38 },
        faceCount: 1,
        person: { face_id: FACE_ID_EXAMPLE, name: 'Asha Patel', distance: 0.38, photo_id: PHOTO_ID_EXAMPLE },
        confidence: 'very-sure',
        runner_up: null,
        photo_problem: null,
        model_version: 'face-api-1.7-resnet34-mirrored-1',
        faces: [
          {
            box: { x: 120, y: 80, width: 200, height: 240 },
            person: { face_id: FACE_ID_EXAMPLE, name: 'Asha Patel', distance: 0.38, photo_id: PHOTO_ID_EXAMPLE },
            confidence: 'very-sure',
            runner_up: null,
          },
        ],
      },
    ],
    description: `photo_problem is one of: ${Object.values(photoProblemMessages).join(' / ')}`,
  });
export type RecognizeAnswer = z.infer<typeof recognizeAnswerSchema>;
