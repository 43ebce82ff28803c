// The endpoint recipe's steps (docs/architecture.md "How to add …"), walked by scripts/walk-recipes.mjs: a
// `GET /api/contacts/updated` with its schema, shared answer, store, service, test and web call.
import { create, addImport, append, insertAfter, ENDPOINT, SERVER, WEB, SHARED } from './edits.mjs';

/** An endpoint added to modules/contacts as the recipe says, step by step. */
export function endpointSteps() {
  return [
    {
      recipe: ENDPOINT,
      step: 'the answer\'s zod schema in packages/shared, with examples, exported from its index',
      says: ['the answer\'s zod schema goes in `packages/shared/src/schemas/<domain>.ts` with `.meta({ examples })`', '`packages/shared/src/index.ts`'],
      files: [`${SHARED}/schemas/contacts.ts`],
      edit(copy) {
        append(copy, `${SHARED}/schemas/contacts.ts`, `
/** GET /api/contacts/updated: when the contacts were last saved. */
export const contactsUpdatedAnswerSchema = z.object({ updatedAt: z.string().nullable() }).meta({ examples: [{ updatedAt: '2026-01-31T09:00:00.000Z' }] });
export type ContactsUpdatedAnswer = z.infer<typeof contactsUpdatedAnswerSchema>;
`);
        append(copy, `${SHARED}/index.ts`, "export { contactsUpdatedAnswerSchema, type ContactsUpdatedAnswer } from './schemas/contacts.ts';\n");
      },
    },
    {
      recipe: ENDPOINT,
      step: 'the SQL in store.ts',
      says: ['the SQL in `store.ts`'],
      files: [`${SERVER}/modules/contacts/store.ts`],
      edit(copy) {
        append(copy, `${SERVER}/modules/contacts/store.ts`, `
export async function findUpdatedAt(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom('sos_face').select('updated_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.updated_at ?? null;
}
`);
      },
    },
    {
      recipe: ENDPOINT,
      step: 'the rule in service.ts',
      says: ['the rule in `service.ts`'],
      files: [`${SERVER}/modules/contacts/service.ts`],
      edit(copy) {
        insertAfter(copy, `${SERVER}/modules/contacts/service.ts`, /export function createContactsService\b[^\n]*\n\s*return \{\n/, `    updatedAt: (user: SignedInUser) => store.findUpdatedAt(db, user.uid),\n`);
      },
    },
    {
      recipe: ENDPOINT,
      step: 'the route in routes.ts, declaring its schema with errorAnswerSchema for its refusals',
      says: ['the route in `routes.ts`', 'The route declares its `schema` (`tags`, `summary`, `security`', '`response` with `errorAnswerSchema`', '`security` from `plugins/api-contract.ts`'],
      files: [`${SERVER}/modules/contacts/routes.ts`],
      edit(copy) {
        const file = `${SERVER}/modules/contacts/routes.ts`;
        addImport(copy, file, "import { contactsUpdatedAnswerSchema, errorAnswerSchema } from '@seva/shared';\nimport { security } from '../../plugins/api-contract.ts';");
        insertAfter(copy, file, /export function contactsRoutes\b[^\n]*\n\s*return async \(app: FastifyInstance\) => \{\n/, `    const updatedOptions = {
      ...helpersAllowed,
      schema: {
        tags: ['contacts'],
        summary: 'When the emergency contacts were last saved',
        security: security.session,
        response: { 200: contactsUpdatedAnswerSchema, 401: errorAnswerSchema },
      },
    };
    app.get('/updated', updatedOptions, async (request) => ({ updatedAt: await contacts.updatedAt(request.user) }));

`);
      },
    },
    {
      recipe: ENDPOINT,
      step: 'a test beside it with createTestApp(engine) on every engine',
      says: ['a test beside it with `createTestApp(engine)` on every engine (`describe.each(engines)`)'],
      files: [`${SERVER}/modules/contacts/updated.test.ts`],
      tests: [`${SERVER}/modules/contacts/updated.test.ts`],
      edit(copy) {
        create(copy, `${SERVER}/modules/contacts/updated.test.ts`, `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

describe.each(engines)('GET /api/contacts/updated on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('answers when the contacts were last saved, and 401 to no one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts/updated' })).statusCode).toBe(401);
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/contacts/updated', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updatedAt: expect.any(String) });
  });
});
`);
      },
    },
    {
      recipe: ENDPOINT,
      step: 'the web uses the answer\'s type (z.infer)',
      says: ['the web and the glasses\' client use its type (`z.infer`)'],
      files: [`${WEB}/features/sos/api/get-contacts-updated.ts`],
      edit(copy) {
        create(copy, `${WEB}/features/sos/api/get-contacts-updated.ts`, `import type { ContactsUpdatedAnswer } from '@seva/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const getContactsUpdated = () => apiFetch<ContactsUpdatedAnswer>('/api/contacts/updated');
`);
      },
    },
  ];
}
