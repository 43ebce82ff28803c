import type { FastifyInstance } from 'fastify';
import { addPhotoFieldsSchema, facePhotoSchema, facePhotosAnswerSchema, messageAnswer, personParamsSchema, photoMessages, photoParamsSchema, type GlassesScope } from '@seva/shared';
import { z } from 'zod';
import { security } from '../../plugins/api-contract.ts';
import { fileBytes } from '../../plugins/contract-parts.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { parseParams } from '../../plugins/parse-params.ts';
import { actingHelperName, helpersAllowed } from '../../plugins/session.ts';
import { faceRefusals } from './face-refusals.ts';
import { formOf } from './form-http.ts';
import type { FacesService } from './service.ts';

/** A photo call: a helper may make it (issue #18); glasses may with `scope`, as the user allowed when pairing. */
const photoCall = (scope: GlassesScope, summary: string, schema: Record<string, unknown>) => ({
  config: { ...helpersAllowed.config, glassesScopes: [scope] },
  schema: { tags: ['face-api'], summary, description: `Glasses need the \`${scope}\` scope.`, security: security.glassesOrSession, ...schema },
});

/** A person's photos (issue #32) under /face-api/faces/{face_id}/photos; registered beside the face calls, whose form parsers it uses. */
export function registerPhotoRoutes(app: FastifyInstance, faces: FacesService): void {
  const person = (params: unknown) => parseParams(personParamsSchema, params, photoMessages.photoNotFound).face_id;
  const photo = (params: unknown) => parseParams(photoParamsSchema, params, photoMessages.photoNotFound);

  app.get(
    '/faces/:face_id/photos',
    photoCall('faces:read', "A person's photos, oldest first", { params: personParamsSchema, response: { 200: facePhotosAnswerSchema, ...faceRefusals } }),
    async (request) => faces.listPhotos(request.user, person(request.params)),
  );

  app.post(
    '/faces/:face_id/photos',
    photoCall('faces:write', 'Add a photo of a person (at most 5 a person); the photo is checked before it is kept', {
      params: personParamsSchema,
      consumes: ['multipart/form-data'],
      body: addPhotoFieldsSchema.extend({ file: z.file().meta({ description: 'The photo: JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF, at most 5 MB, showing one face.' }) }),
      response: { 201: facePhotoSchema, ...faceRefusals },
    }),
    async (request, reply) => {
      const { fields, file } = formOf(request);
      const { email } = parseBody(addPhotoFieldsSchema, fields);
      if (email !== undefined) faces.checkOwnEmail(request.user, email);
      const added = await faces.addPhoto(request.user, person(request.params), file, request.caller.from, actingHelperName(request));
      return reply.status(201).send(added);
    },
  );

  app.delete(
    '/faces/:face_id/photos/:photo_id',
    photoCall('faces:write', "Delete one of a person's photos (not the last: delete the person instead)", {
      params: photoParamsSchema,
      response: { 200: messageAnswer(photoMessages.photoDeleted), ...faceRefusals },
    }),
    async (request) => {
      const { face_id: faceId, photo_id: photoId } = photo(request.params);
      await faces.deletePhoto(request.user, faceId, photoId, request.caller.from, actingHelperName(request));
      return { message: photoMessages.photoDeleted };
    },
  );

  app.get(
    '/faces/:face_id/photos/:photo_id/image',
    photoCall('faces:images', "One of a person's photos", {
      params: photoParamsSchema,
      response: { 200: { description: 'The photo.', content: { 'image/jpeg': { schema: fileBytes }, 'image/png': { schema: fileBytes } } }, ...faceRefusals },
    }),
    async (request, reply) => {
      const { face_id: faceId, photo_id: photoId } = photo(request.params);
      const image = await faces.photoImage(request.user, faceId, photoId);
      return reply.type(image.contentType).header('Cache-Control', 'private, no-store').send(image.data);
    },
  );
}
