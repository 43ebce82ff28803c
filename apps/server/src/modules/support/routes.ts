import type { SupportContact } from '@seva/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Public: how to reach support (the operator's SUPPORT_EMAIL and SUPPORT_PHONE), for the help page, which anyone may
 * read, signed in or not. Only what is set is sent.
 */
export function supportRoutes(contact: SupportContact) {
  return async (app: FastifyInstance) => {
    app.get('/', async (): Promise<SupportContact> => contact);
  };
}
