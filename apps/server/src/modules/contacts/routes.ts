import type { FastifyInstance } from 'fastify';
import { contactMessages, saveContactsSchema } from '@seva/shared';
import { parseBody } from '../../plugins/parse-body.ts';
import { actingHelperName, helpersAllowed } from '../../plugins/session.ts';
import type { ContactsService } from './service.ts';

/** /api/contacts: GET the list, PUT `{ primary, secondary? }`. Signed in only; a helper may use both (issue #18). */
export function contactsRoutes(contacts: ContactsService) {
  return async (app: FastifyInstance) => {
    app.get('/', helpersAllowed, async (request) => ({ contacts: await contacts.list(request.user) }));

    app.put('/', helpersAllowed, async (request) => {
      const saved = await contacts.save(request.user, parseBody(saveContactsSchema, request.body), request.caller.from, actingHelperName(request));
      return { contacts: saved, message: contactMessages.saved };
    });
  };
}
