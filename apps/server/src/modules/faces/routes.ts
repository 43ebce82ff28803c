import type { FastifyInstance } from 'fastify';
import {
  deleteFaceSchema,
  detectAnswerSchema,
  faceListSchema,
  faceMessages,
  faceSummarySchema,
  messageAnswerSchema,
  recognizeAnswerSchema,
  listFacesSchema,
  recognizeFieldsSchema,
  renameFaceSchema,
  storeFaceFieldsSchema,
  type GlassesScope,
} from '@seva/shared';
import { z } from 'zod';
import { security } from '../../plugins/api-contract.ts';
import { fileBytes } from '../../plugins/contract-parts.ts';
import { actingHelperName, helpersAllowed } from '../../plugins/session.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { parseParams } from '../../plugins/parse-params.ts';
import { faceRefusals } from './face-refusals.ts';
import { formOf, registerFormParsers } from './form-http.ts';
import { registerPhotoRoutes } from './photo-http.ts';
import type { FacesService } from './service.ts';

const imageParams = z.object({ faceId: z.uuid() });


/** The picture a call sends beside its form fields. */
const imageFile = z.file().meta({ description: 'The picture: JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF, at most 5 MB.' });

/**
 * Every face call: a helper may make it (issue #18); glasses may with `scope`, as the user allowed when pairing. Its
 * form is multipart (a browser) or urlencoded; `body` describes its fields, `answer` what a success says.
 */
const faceCall = (scope: GlassesScope, summary: string, body: z.ZodType, answer: z.ZodType) => ({
  config: { ...helpersAllowed.config, glassesScopes: [scope] },
  schema: {
    tags: ['face-api'],
    summary,
    description: `Glasses need the \`${scope}\` scope.`,
    security: security.glassesOrSession,
    consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
    body,
    response: { 200: answer, ...faceRefusals },
  },
});

/** The face backend of product §7 and DESIGN.md, under /face-api; mounted in the private scope. A helper may use all of it (issue #18). */
export function facesRoutes(faces: FacesService) {
  return async (app: FastifyInstance) => {
    await registerFormParsers(app);
    registerPhotoRoutes(app, faces);

    app.post('/get_all_faces', { compress: {}, ...faceCall('faces:read', 'Every face the account stores', listFacesSchema, faceListSchema) }, async (request) => {
      const { fields } = formOf(request);
      return faces.list(request.user, parseBody(listFacesSchema, fields).email);
    });

    app.post('/store_face', faceCall('faces:write', 'Store a face from a picture showing exactly one', storeFaceFieldsSchema.extend({ file: imageFile }), faceSummarySchema), async (request) => {
      const { fields, file } = formOf(request);
      return faces.store(request.user, parseBody(storeFaceFieldsSchema, fields), file, request.caller.from, actingHelperName(request));
    });

    app.put('/update_face_name', faceCall('faces:write', 'Rename a face', renameFaceSchema, faceSummarySchema), async (request) => {
      const { fields } = formOf(request);
      return faces.rename(request.user, parseBody(renameFaceSchema, fields), request.caller.from, actingHelperName(request));
    });

    app.delete('/delete_face', faceCall('faces:write', 'Delete a face and its picture', deleteFaceSchema, messageAnswerSchema), async (request) => {
      const { fields } = formOf(request);
      await faces.remove(request.user, parseBody(deleteFaceSchema, fields), request.caller.from, actingHelperName(request));
      return { message: faceMessages.deleted };
    });

    app.post('/recognize', faceCall('faces:read', 'Who each face in a picture is, as the glasses would say it; nothing is kept', recognizeFieldsSchema.extend({ file: imageFile }), recognizeAnswerSchema), async (request) => {
      const { fields, file } = formOf(request);
      return faces.recognize(request.user, parseBody(recognizeFieldsSchema, fields).email, file);
    });

    app.post('/detect_faces', faceCall('faces:read', 'Where the faces are in a picture (camera guidance)', recognizeFieldsSchema.extend({ file: imageFile }), detectAnswerSchema), async (request) => {
      const { fields, file } = formOf(request);
      return faces.detect(request.user, parseBody(recognizeFieldsSchema, fields).email, file);
    });

    const imageCall = {
      config: { ...helpersAllowed.config, glassesScopes: ['faces:images' as const] },
      schema: {
        tags: ['face-api'],
        summary: "A face's stored picture",
        description: 'Glasses need the `faces:images` scope.',
        security: security.glassesOrSession,
        params: imageParams,
        response: {
          200: { description: 'The picture.', content: { 'image/jpeg': { schema: fileBytes }, 'image/png': { schema: fileBytes } } },
          ...faceRefusals,
        },
      },
    };
    app.get('/image/:faceId', imageCall, async (request, reply) => {
      const image = await faces.image(request.user, parseParams(imageParams, request.params, faceMessages.faceNotFound).faceId);
      return reply.type(image.contentType).header('Cache-Control', 'private, no-store').send(image.data);
    });
  };
}
