import type { FastifyInstance } from 'fastify';
import {
  deleteFaceSchema,
  faceMessages,
  listFacesSchema,
  recognizeFieldsSchema,
  renameFaceSchema,
  storeFaceFieldsSchema,
  type GlassesScope,
} from '@seva/shared';
import { z } from 'zod';
import { notFound } from '../../domain-errors.ts';
import { actingDevice } from '../../plugins/acting-device.ts';
import { actingHelperName, helpersAllowed } from '../../plugins/session.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { formOf, registerFormParsers } from './form-http.ts';
import type { FacesService } from './service.ts';

const imageParams = z.object({ faceId: z.uuid() });

/** Every face call: a helper may make it (issue #18); glasses may with `scope`, as the user allowed when pairing. */
const faceCall = (scope: GlassesScope) => ({ config: { ...helpersAllowed.config, glassesScopes: [scope] } });

/** The face backend of product §7 and DESIGN.md, under /face-api; mounted in the private scope. A helper may use all of it (issue #18). */
export function facesRoutes(faces: FacesService) {
  return async (app: FastifyInstance) => {
    await registerFormParsers(app);

    app.post('/get_all_faces', { compress: {}, ...faceCall('faces:read') }, async (request) => {
      const { fields } = formOf(request);
      return faces.list(request.user, parseBody(listFacesSchema, fields).email);
    });

    app.post('/store_face', faceCall('faces:write'), async (request) => {
      const { fields, file } = formOf(request);
      return faces.store(request.user, parseBody(storeFaceFieldsSchema, fields), file, actingDevice(request), actingHelperName(request));
    });

    app.put('/update_face_name', faceCall('faces:write'), async (request) => {
      const { fields } = formOf(request);
      return faces.rename(request.user, parseBody(renameFaceSchema, fields), actingDevice(request), actingHelperName(request));
    });

    app.delete('/delete_face', faceCall('faces:write'), async (request) => {
      const { fields } = formOf(request);
      await faces.remove(request.user, parseBody(deleteFaceSchema, fields), actingDevice(request), actingHelperName(request));
      return { message: faceMessages.deleted };
    });

    app.post('/recognize', faceCall('faces:read'), async (request) => {
      const { fields, file } = formOf(request);
      return faces.recognize(request.user, parseBody(recognizeFieldsSchema, fields).email, file);
    });

    app.post('/detect_faces', faceCall('faces:read'), async (request) => {
      const { fields, file } = formOf(request);
      return faces.detect(request.user, parseBody(recognizeFieldsSchema, fields).email, file);
    });

    app.get('/image/:faceId', faceCall('faces:images'), async (request, reply) => {
      const params = imageParams.safeParse(request.params);
      if (!params.success) throw notFound(faceMessages.faceNotFound);
      const image = await faces.image(request.user, params.data.faceId);
      return reply.type(image.contentType).header('Cache-Control', 'private, no-store').send(image.data);
    });
  };
}
