import { supportContactSchema, type SupportContact } from '@seva/shared';
import type { FastifyInstance } from 'fastify';
import { security } from '../../plugins/api-contract.ts';

const supportCall = { schema: { tags: ['api: support'], summary: 'How to reach support: its e-mail and phone, each when set', security: security.anyone, response: { 200: supportContactSchema } } };

/**
 * Public: how to reach support (the operator's SUPPORT_EMAIL and SUPPORT_PHONE), for the help page, which anyone may
 * read, signed in or not. Only what is set is sent.
 */
export function supportRoutes(contact: SupportContact) {
  return async (app: FastifyInstance) => {
    app.get('/', supportCall, async (): Promise<SupportContact> => contact);
  };
}
