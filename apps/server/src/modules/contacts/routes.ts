import type { FastifyInstance } from 'fastify';
import { contactMessages, contactsAnswerSchema, contactsSavedAnswerSchema, saveContactsSchema } from '@seva/shared';
import type { z } from 'zod';
import { browserCall } from '../../plugins/contract-parts.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import { actingHelperName, helpersAllowed } from '../../plugins/session.ts';
import type { ContactsService } from './service.ts';

/** A call of /api/contacts: a helper may make it for the wearer (issue #18). */
const contactsCall = <S extends Parameters<typeof browserCall>[4]>(summary: string, parts: Parameters<typeof browserCall>[2], success: z.ZodType, ...statuses: S[]) => ({
  ...helpersAllowed,
  schema: browserCall('api: contacts', summary, parts, success, ...statuses),
});

/** /api/contacts: GET the list, PUT `{ primary, secondary? }`. Signed in only; a helper may use both (issue #18). */
export function contactsRoutes(contacts: ContactsService) {
  return async (app: FastifyInstance) => {
    app.get('/', contactsCall('The emergency contacts, the primary first', {}, contactsAnswerSchema), async (request) => ({ contacts: await contacts.list(request.user) }));

    const saveCall = contactsCall(
      'Save the primary and, if given, the secondary contact',
      { body: saveContactsSchema, description: 'Both are saved or neither; a blank secondary is dropped. Each phone is stored as its national number.' },
      contactsSavedAnswerSchema,
      400,
    );
    app.put('/', saveCall, async (request) => {
      const saved = await contacts.save(request.user, parseBody(saveContactsSchema, request.body), request.caller.from, actingHelperName(request));
      return { contacts: saved, message: contactMessages.saved };
    });
  };
}
