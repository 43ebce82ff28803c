// The steps scripts/walk-recipes.mjs takes, one per sentence of a "How to add …" recipe in docs/architecture.md: what
// the recipe says (`says`, quoted from the doc, so a changed recipe stops the walk until its step is changed too), the
// edit it makes in the copy, the files it writes (to name the step when a check fails there) and the tests that prove it.
import fs from 'node:fs';
import path from 'node:path';
import { endpointSteps } from './endpoint-steps.mjs';
import { create, addImport, append, insertAfter, StaleStep, nextMigration, reminderMigration, MODULE, TABLE, RULE, SCREEN, SERVER, WEB, SHARED } from './edits.mjs';

export { StaleStep };

/** Every step, in the order a newcomer would take them. `stale` swaps one step for a deliberately stale one. */
export function recipeSteps({ stale = false } = {}) {
  let migration = '';
  return [
    ...endpointSteps(),
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
