import { z } from 'zod';
import { refusingHiddenCharacters } from './fields.ts';
import { FACE_NAME_MAX, faceMessages } from '../face-rules.ts';

export function faceNameField(requiredMessage: string) {
  return refusingHiddenCharacters(
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, { error: requiredMessage })
      .max(FACE_NAME_MAX, { error: faceMessages.nameTooLong }),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const faceIdField = z.string({ error: faceMessages.faceIdInvalid }).regex(UUID, { error: faceMessages.faceIdInvalid });
const emailText = z.string({ error: faceMessages.userEmailMissing }).trim().min(1, { error: faceMessages.userEmailMissing });

export const listFacesSchema = z.strictObject({ email: emailText });
export const storeFaceFieldsSchema = z.strictObject({ email: emailText, name: faceNameField(faceMessages.nameRequired), face_id: faceIdField });
export const renameFaceSchema = z.strictObject({
  email: emailText,
  name: z.string().max(1000).optional(),
  updated_name: faceNameField(faceMessages.nameEmpty),
  face_id: faceIdField,
});
export const deleteFaceSchema = z.strictObject({ email: emailText, face_id: faceIdField });
export const recognizeFieldsSchema = z.strictObject({ email: emailText });

const FACE_ID_EXAMPLE = '3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c';
const FACE_EXAMPLE = {
  face_id: FACE_ID_EXAMPLE,
  name: 'Asha Patel',
  face_url: `/face-api/image/${FACE_ID_EXAMPLE}`,
  timestamp: '2026-03-14T09:26:53.000Z',
  consent_at: '2026-03-14T09:26:53.000Z',
  face_box: { x: 120, y: 80, width: 200, height: 240, image_width: 640, image_height: 480 },
  photo_count: 3,
};

/** Where the face is in the picture (issue #21): its box and the picture's size, in pixels of the stored image. */
export const faceBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  image_width: z.number(),
  image_height: z.number(),
});
export type FaceBox = z.infer<typeof faceBoxSchema>;

/** One face as the face backend lists it (product §7); an answer carries these fields and no others. */
export const faceSummarySchema = z
  .object({
    face_id: z.string(),
    name: z.string(),
    face_url: z.string(),
    timestamp: z.string(),
    /** When the user confirmed the person's consent (issue #12); beside SPEC's fields, which keep their names. */
    consent_at: z.string().optional(),
    /** The helper who confirmed the consent, as the wearer named them (issue #18); absent when the wearer did. */
    consent_by: z.string().optional(),
    /** Where the face is, so a thumbnail can be cropped around it; absent for faces stored before the portal kept it. */
    face_box: faceBoxSchema.optional(),
    /** How many photos of the person are kept (issue #32); the picture above is the first of them. */
    photo_count: z.number().int(),
  })
  .meta({ examples: [FACE_EXAMPLE] });
export type FaceSummary = z.infer<typeof faceSummarySchema>;

/** What POST /face-api/get_all_faces answers: every face of the account. */
export const faceListSchema = z.array(faceSummarySchema).meta({ examples: [[FACE_EXAMPLE]] });

/** What POST /face-api/detect_faces answers: the boxes of the faces found, for live camera guidance. */
export const detectAnswerSchema = z
  .object({
    width: z.number(),
    height: z.number(),
    faces: z.array(z.object({ box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }), score: z.number() })),
  })
  .meta({ examples: [{ width: 640, height: 480, faces: [{ box: { x: 120, y: 80, width: 200, height: 240 }, score: 0.97 }] }] });

/** product §5: PNG when the data URL says PNG, otherwise JPEG. */
export function imageTypeOfDataUrl(dataUrl: string): 'image/png' | 'image/jpeg' {
  return dataUrl.startsWith('data:image/png') ? 'image/png' : 'image/jpeg';
}

/** product §5: the name with whitespace replaced by underscores, plus png or jpg. */
export function faceFileName(name: string, type: 'image/png' | 'image/jpeg'): string {
  return `${name.trim().replace(/\s+/g, '_')}.${type === 'image/png' ? 'png' : 'jpg'}`;
}

/** product §9: about 0.75 × the data-URL length / 1024, in KB. */
export function estimatedSizeKb(dataUrl: string): number {
  return Math.round((0.75 * dataUrl.length) / 1024);
}
