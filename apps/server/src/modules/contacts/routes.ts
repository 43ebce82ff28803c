import type { FastifyInstance } from 'fastify';
import { contactMessages, saveContactsSchema } from '@seva/shared';
import { actingDevice } from '../../plugins/acting-device.ts';
import { parseBody } from '../../plugins/parse-body.ts';
import type { ContactsService } from './service.ts';

/** /api/contacts: GET the list, PUT `{ primary, secondary? }`. Signed in only. */
export function contactsRoutes(contacts: ContactsService) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get('/', async (request) => ({ contacts: await contacts.list(request.user) }));

    app.put('/', async (request) => {
      const saved = await contacts.save(request.user, parseBody(saveContactsSchema, request.body), actingDevice(request));
      return { contacts: saved, message: contactMessages.saved };
    });
  };
}
