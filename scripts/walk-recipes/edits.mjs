// The edits the recipe walk makes in its throwaway copy (scripts/walk-recipes.mjs): files read, made and written beside
// an anchor, each failing with StaleStep when the copy is not as the recipe says; and the names the steps share.
import fs from 'node:fs';
import path from 'node:path';

/** A step that cannot be made as the recipe says: a file or a line it writes beside is not where the recipe put it. */
export class StaleStep extends Error {}

export const SERVER = 'apps/server/src';
export const WEB = 'apps/web/src';
export const SHARED = 'packages/shared/src';

export function read(copy, file) {
  const full = path.join(copy, file);
  if (!fs.existsSync(full)) throw new StaleStep(`${file} does not exist`);
  return fs.readFileSync(full, 'utf8');
}

/** A new file; the folder it goes in must be there already unless the recipe makes it. */
export function create(copy, file, text, { newFolder = false } = {}) {
  const full = path.join(copy, file);
  if (!newFolder && !fs.existsSync(path.dirname(full))) throw new StaleStep(`the folder ${path.dirname(file)} does not exist`);
  if (fs.existsSync(full)) throw new StaleStep(`${file} exists already`);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
}

/** Puts `text` right after `anchor` (a string or a regular expression) in the file. */
export function insertAfter(copy, file, anchor, text) {
  const source = read(copy, file);
  const match = typeof anchor === 'string' ? { index: source.indexOf(anchor), 0: anchor } : anchor.exec(source);
  if (!match || match.index < 0) throw new StaleStep(`${file} has no ${anchor}`);
  const at = match.index + match[0].length;
  fs.writeFileSync(path.join(copy, file), source.slice(0, at) + text + source.slice(at));
}

/** Puts `text` after the file's last import. */
export const addImport = (copy, file, text) => insertAfter(copy, file, /(^import [^;]+;\n)(?![\s\S]*^import )/m, `${text}\n`);
/** Adds `text` at the end of a file that must exist. */
export const append = (copy, file, text) => fs.writeFileSync(path.join(copy, file), read(copy, file) + text);

export const ENDPOINT = 'An endpoint to an existing module';
export const MODULE = 'A module';
export const TABLE = 'A table';
export const RULE = 'A rule';
export const SCREEN = 'A screen';

/** The module the walk adds by copying modules/contacts: reminders, with their own table, rule and screen. */
export const reminderMigration = `import type { Kysely } from 'kysely';

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
export function nextMigration(copy) {
  const numbers = fs.readdirSync(path.join(copy, SERVER, 'db/migrations')).flatMap((name) => name.match(/^(\d{3})-.+\.ts$/)?.[1] ?? []);
  const next = String(Math.max(0, ...numbers.map(Number)) + 1).padStart(3, '0');
  return `${next}-reminders`;
}
