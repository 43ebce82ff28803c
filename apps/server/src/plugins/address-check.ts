import type { FastifyInstance } from 'fastify';
import { invalid } from '../domain-errors.ts';

const holdsNul = (values: unknown) =>
  typeof values === 'object' && values !== null && Object.values(values).some((value) => typeof value === 'string' && value.includes('\u0000'));

/**
 * PostgreSQL text cannot hold U+0000, and no id, code or option of ours does: an address whose path parameters or
 * query decode to one (`/api/manuals/%00/file`) is refused with a 400 before any route looks it up. Bodies are checked
 * the same way as they are parsed (parse-body.ts). Runs after identity is checked, so a caller without one still hears 401.
 */
export function registerAddressCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query)) throw invalid('This address contains a character that is not allowed.');
  });
}
