// The steps scripts/walk-recipes.mjs takes, one per sentence of a "How to add …" recipe in docs/architecture.md: what
// the recipe says (`says`, quoted from the doc, so a changed recipe stops the walk until its step is changed too), the
// edit it makes in the copy, the files it writes (to name the step when a check fails there) and the tests that prove it.
import fs from 'node:fs';
import path from 'node:path';

/** A step that cannot be made as the recipe says: a file or a line it writes beside is not where the recipe put it. */
export class StaleStep extends Error {}

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const SHARED = 'packages/shared/src';

function read(copy, file) {
  const full = path.join(copy, file);
  if (!fs.existsSync(full)) throw new StaleStep(`${file} does not exist`);
  return fs.readFileSync(full, 'utf8');
}

/** A new file; the folder it goes in must be there already unless the recipe makes it. */
function create(copy, file, text, { newFolder = false } = {}) {
  const full = path.join(copy, file);
  if (!newFolder && !fs.existsSync(path.dirname(full))) throw new StaleStep(`the folder ${path.dirname(file)} does not exist`);
  if (fs.existsSync(full)) throw new StaleStep(`${file} exists already`);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
}

/** Puts `text` right after `anchor` (a string or a regular expression) in the file. */
function insertAfter(copy, file, anchor, text) {
  const source = read(copy, file);
  const match = typeof anchor === 'string' ? { index: source.indexOf(anchor), 0: anchor } : anchor.exec(source);
  if (!match || match.index < 0) throw new StaleStep(`${file} has no ${anchor}`);
  const at = match.index + match[0].length;
  fs.writeFileSync(path.join(copy, file), source.slice(0, at) + text + source.slice(at));
}

/** Puts `text` after the file's last import. */
const addImport = (copy, file, text) => insertAfter(copy, file, /(^import [^;]+;\n)(?![\s\S]*^import )/m, `${text}\n`);
/** Adds `text` at the end of a file that must exist. */
const append = (copy, file, text) => fs.writeFileSync(path.join(copy, file), read(copy, file) + text);

const ENDPOINT = 'An endpoint to an existing module';
const MODULE = 'A module';
const TABLE = 'A table';
const RULE = 'A rule';
const SCREEN = 'A screen';

/** The module the walk adds by copying modules/contacts: reminders, with their own table, rule and screen. */
const reminderMigration = `import type { Kysely } from 'kysely';

export function remindersMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reminders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('is_done', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
`;

/** The next migration's file name, numbered after the last one as the recipe's `00N` asks. */
function nextMigration(copy) {
  const numbers = fs.readdirSync(path.join(copy, SERVER, 'db/migrations')).flatMap((name) => name.match(/^(\d{3})-.+\.ts$/)?.[1] ?? []);
  const next = String(Math.max(0, ...numbers.map(Number)) + 1).padStart(3, '0');
  return `${next}-reminders`;
}

/** Every step, in the order a newcomer would take them. `stale` swaps one step for a deliberately stale one. */
export function recipeSteps({ stale = false } = {}) {
  let migration = '';
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
    {
      recipe: TABLE,
      step: 'a migration db/migrations/00N-<name>.ts registered in db/migrations/index.ts',
      says: ['a migration `db/migrations/00N-<name>.ts` registered in `db/migrations/index.ts`'],
      files: [`${SERVER}/db/migrations/index.ts`],
      edit(copy) {
        migration = nextMigration(copy);
        create(copy, `${SERVER}/db/migrations/${migration}.ts`, reminderMigration);
        addImport(copy, `${SERVER}/db/migrations/index.ts`, `import { remindersMigration } from './${migration}.ts';`);
        insertAfter(copy, `${SERVER}/db/migrations/index.ts`, /export function migrations\b[\s\S]*?return \{\n(?:\s+'[^']+': \w+\([^)]*\),\n)*/, `    '${migration}': remindersMigration(),\n`);
      },
    },
    {
      recipe: TABLE,
      step: 'its types in db/schema.ts, ISO text for times and 0/1 for flags',
      says: ['its types in `db/schema.ts`', 'ISO text for times and 0/1 for flags'],
      files: [`${SERVER}/db/schema.ts`],
      edit(copy) {
        insertAfter(copy, `${SERVER}/db/schema.ts`, 'export interface Database {\n', '  reminders: RemindersTable;\n');
        append(copy, `${SERVER}/db/schema.ts`, '\nexport interface RemindersTable {\n  id: string;\n  user_id: string;\n  text: string;\n  created_at: string;\n  is_done: number;\n}\n');
      },
    },
    {
      recipe: MODULE,
      step: 'copy modules/contacts/ and rename',
      says: ['copy a small one (`modules/contacts/`), rename'],
      files: [`${SERVER}/modules/reminders/`],
      edit(copy) {
        const from = path.join(copy, SERVER, 'modules/contacts');
        const to = path.join(copy, SERVER, 'modules/reminders');
        if (!fs.existsSync(from)) throw new StaleStep(`${SERVER}/modules/contacts does not exist`);
        fs.cpSync(from, to, { recursive: true });
        for (const name of fs.readdirSync(to)) {
          const file = path.join(to, name);
          // Its tests test the contacts: the new module's are its own to write.
          if (name.endsWith('.test.ts')) fs.rmSync(file);
          else fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\b(create)?Contacts(Service|Deps|Routes)\b/g, '$1Reminders$2').replace(/\bcontactsRoutes\b/g, 'remindersRoutes').replace(/\bcontacts(?=: RemindersService|\.\w+\()/g, 'reminders'));
        }
      },
    },
    {
      recipe: MODULE,
      step: 'build its service in services.ts',
      says: ['build its service in `services.ts`'],
      files: [`${SERVER}/services.ts`],
      edit(copy) {
        addImport(copy, `${SERVER}/services.ts`, "import { createRemindersService } from './modules/reminders/service.ts';");
        insertAfter(copy, `${SERVER}/services.ts`, /export function createServices\b[\s\S]*?\n {2}return \{\n/, '    reminders: createRemindersService({ db }),\n');
      },
    },
    {
      recipe: MODULE,
      step: 'add one line to the private list in app.ts',
      says: ["add one line to the private list in `app.ts` (`{ prefix: '/api/x', routes: xRoutes(services.x) }`)"],
      files: [`${SERVER}/app.ts`],
      tests: [`${SERVER}/app.test.ts`, `${SERVER}/api-contract.test.ts`],
      edit(copy) {
        addImport(copy, `${SERVER}/app.ts`, "import { remindersRoutes } from './modules/reminders/routes.ts';");
        insertAfter(copy, `${SERVER}/app.ts`, 'const privateRoutes: Mount[] = [\n', "    { prefix: '/api/reminders', routes: remindersRoutes(services.reminders) },\n");
      },
    },
    {
      recipe: RULE,
      step: stale ? 'a zod schema and its message in packages/shared (stale on purpose: left out of the index)' : 'a zod schema and its message in packages/shared/src/schemas/<domain>.ts',
      says: ['a zod schema and its message in `packages/shared/src/schemas/<domain>.ts`'],
      files: [`${SHARED}/schemas/reminders.ts`, `${SERVER}/modules/reminders/routes.ts`, `${WEB}/features/reminders/reminders-page.tsx`],
      edit(copy) {
        create(copy, `${SHARED}/schemas/reminders.ts`, `import { z } from 'zod';

export const reminderMessages = { textRequired: 'Enter what to remind you of.', added: 'Reminder added.' } as const;

/** POST /api/reminders and the /reminders form. */
export const reminderSchema = z.object({ text: z.string().trim().min(1, reminderMessages.textRequired) });
export type ReminderInput = z.input<typeof reminderSchema>;
`);
        if (!stale) append(copy, `${SHARED}/index.ts`, "export { reminderMessages, reminderSchema, type ReminderInput } from './schemas/reminders.ts';\n");
      },
    },
    {
      recipe: RULE,
      step: 'used by the route (parseBody(schema, body)), the SQL in the store',
      says: ['the route (`parseBody(schema, body)`)'],
      files: [`${SERVER}/modules/reminders/routes.ts`, `${SERVER}/modules/reminders/service.ts`, `${SERVER}/modules/reminders/store.ts`],
      edit(copy) {
        const module = `${SERVER}/modules/reminders`;
        append(copy, `${module}/store.ts`, `
export async function insertReminder(db: Executor, row: { id: string; userId: string; text: string; now: string }): Promise<void> {
  await db.insertInto('reminders').values({ id: row.id, user_id: row.userId, text: row.text, created_at: row.now, is_done: 0 }).execute();
}
`);
        insertAfter(copy, `${module}/service.ts`, /export function createRemindersService\b[^\n]*\n\s*return \{\n/, `    async add(user: SignedInUser, text: string): Promise<void> {
      await store.insertReminder(db, { id: crypto.randomUUID(), userId: user.uid, text, now: now().toISOString() });
    },
`);
        addImport(copy, `${module}/routes.ts`, "import { messageAnswer, reminderMessages, reminderSchema } from '@seva/shared';");
        insertAfter(copy, `${module}/routes.ts`, /export function remindersRoutes\b[^\n]*\n\s*return async \(app: FastifyInstance\) => \{\n/, `    // The copied module's calls are described with browserCall; this one too, as every route is (D-048).
    const addOptions = { schema: browserCall('api: reminders', 'Add a reminder', { body: reminderSchema }, messageAnswer(reminderMessages.added), 400) };
    app.post('/', addOptions, async (request) => {
      await reminders.add(request.user, parseBody(reminderSchema, request.body).text);
      return { message: reminderMessages.added };
    });
`);
      },
    },
    {
      recipe: SCREEN,
      step: 'its path in lib/paths.ts',
      says: ['its path in `lib/paths.ts`'],
      files: [`${WEB}/lib/paths.ts`],
      edit(copy) {
        insertAfter(copy, `${WEB}/lib/paths.ts`, 'export const paths = {\n', "  reminders: '/reminders',\n");
      },
    },
    {
      recipe: SCREEN,
      step: 'its record in lib/screens.ts, with its heading, prerendered',
      says: ['its record in `lib/screens.ts` (a signed-in one with its heading, prerendered'],
      files: [`${WEB}/lib/screens.ts`],
      tests: [`${WEB}/app/screens.test.ts`],
      edit(copy) {
        insertAfter(copy, `${WEB}/lib/screens.ts`, /export const screens = \[\n(?:[\s\S]*?\n)(?=\] as const)/, `  {
    path: paths.reminders,
    module: 'features/reminders/reminders-page.tsx',
    audience: 'signed-in',
    title: 'Reminders',
    heading: 'Your reminders',
    prerendered: true,
  },
`);
      },
    },
    {
      recipe: SCREEN,
      step: 'its <name>-page.tsx exporting <Name>Page under features/, its calls in api/, its form useZodForm(schema)',
      says: ['its `<name>-page.tsx` exporting `<Name>Page` in a folder under `features/`, its calls in `api/`'],
      files: [`${WEB}/features/reminders/reminders-page.tsx`, `${WEB}/features/reminders/api/add-reminder.ts`],
      edit(copy) {
        create(copy, `${WEB}/features/reminders/api/add-reminder.ts`, `import type { ReminderInput } from '@seva/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/reminders. */
export function useAddReminder() {
  return useMutation({ mutationFn: (input: ReminderInput) => apiFetch<{ message: string }>('/api/reminders', { json: input }) });
}
`, { newFolder: true });
        create(copy, `${WEB}/features/reminders/reminders-page.tsx`, `import { reminderSchema, type ReminderInput } from '@seva/shared';
import { Button } from '../../components/ui/button.tsx';
import { Form, useZodForm } from '../../components/ui/form.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { paths } from '../../lib/paths.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { useAddReminder } from './api/add-reminder.ts';

export function RemindersPage() {
  const add = useAddReminder();
  const form = useZodForm(reminderSchema, { defaultValues: { text: '' } });
  const onSubmit = async (input: ReminderInput) => {
    await add.mutateAsync(input);
  };
  return (
    <>
      <PageHeading>{screenHeadings[paths.reminders]}</PageHeading>
      <Form form={form} onSubmit={onSubmit} className="form">
        <TextField label="Reminder" {...form.register('text')} error={form.formState.errors.text?.message} />
        <Button type="submit" busy={form.sending}>
          Add
        </Button>
      </Form>
    </>
  );
}
`);
      },
    },
  ];
}
