// Walks the "How to add …" recipes of docs/architecture.md once, as a newcomer would (`npm test` runs it): in a
// throwaway copy of the repository it adds an endpoint to an existing module, a module copied from modules/contacts, a
// table, a rule in shared used by a form and a route, and a screen, each edit made where the recipe says. Then it runs
// what the doc says proves them: the types of the server and the web app, app.test.ts, api-contract.test.ts and the
// endpoint's own test (SQLite), and the screen table's test. It exits 1 naming the recipe step that no longer works:
// a file or line a step writes beside that moved, a recipe sentence that changed (the walk must change with it), or a
// check that fails.
// `node scripts/walk-recipes.mjs --stale` walks one deliberately stale step (a shared export left out of the index) and
// exits 0 only if the walk reports it. `--keep` leaves the copy for a look.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recipeSteps, StaleStep } from './walk-recipes/steps.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** What the checks read: the workspaces, every folder a tsconfig includes, and the catalogs the web is built with. */
const COPIED = ['apps', 'packages', 'test-kit', 'test-data', 'bench', 'scripts', 'tools', 'locales', 'lingui.config.ts', 'package.json', 'tsconfig.base.json', 'vitest.config.ts'];
const SKIPPED = new Set(['node_modules', 'dist', '.tmp']);
const stale = process.argv.includes('--stale');
const keep = process.argv.includes('--keep');

/** The copy: the sources, and a node_modules whose packages are the original's, but for the workspaces (the copy's own). */
function makeCopy() {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-recipes-'));
  for (const entry of COPIED) fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, filter: (from) => !SKIPPED.has(path.basename(from)) });
  const modules = path.join(copy, 'node_modules');
  fs.mkdirSync(modules);
  for (const name of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (name !== '@seva') fs.symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
  }
  fs.mkdirSync(path.join(modules, '@seva'));
  for (const [name, folder] of [['shared', 'packages/shared'], ['server', 'apps/server'], ['web', 'apps/web']]) {
    fs.symlinkSync(path.join('..', '..', folder), path.join(modules, '@seva', name));
  }
  return copy;
}

/** The doc's recipes, one paragraph of "How to add …" each, keyed by their bold title. */
function recipesOf(doc) {
  const section = doc.split(/^## How to add …$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new StaleStep('docs/architecture.md has no "## How to add …" section');
  const recipes = new Map();
  for (const item of section.split(/^- /m).slice(1)) {
    const title = item.match(/^\*\*(.+?):\*\*/)?.[1];
    if (title) recipes.set(title, item.replace(/\s*\n\s*/g, ' '));
  }
  return recipes;
}

/** Applies each step's edits in the copy; the first that cannot be made is reported with its recipe and step. */
function walk(copy, steps, recipes) {
  const failures = [];
  for (const { recipe, step, says, edit } of steps) {
    const where = `"${recipe}" recipe, step "${step}"`;
    const text = recipes.get(recipe);
    if (text === undefined) failures.push(`${where}: the doc has no such recipe any more`);
    else for (const words of says) if (!text.includes(words)) failures.push(`${where}: the recipe no longer says "${words}" (the walk follows the old text)`);
    try {
      edit(copy);
    } catch (error) {
      failures.push(`${where}: ${error instanceof StaleStep ? error.message : error}`);
    }
  }
  return failures;
}

/** A command in the copy, its output kept for the report. */
function run(copy, label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: copy, env: { ...process.env, TEST_DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ label, ok: status === 0, output }));
  });
}

/** The doc's proofs, run at once (each is mostly waiting on the other core). */
function checks(copy, steps) {
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  const tests = [...new Set(steps.flatMap((step) => step.tests ?? []))];
  return Promise.all([
    run(copy, 'the server\'s types (tsc -p apps/server)', bin('tsc'), ['-p', 'apps/server']),
    run(copy, 'the web app\'s types (tsc -p apps/web)', bin('tsc'), ['-p', 'apps/web']),
    run(copy, `the named tests (${tests.map((file) => path.basename(file)).join(', ')})`, bin('vitest'), ['run', ...tests]),
  ]);
}

/** The recipes whose steps touch what a failed check reads, so the report names where to look. */
function blame(result, steps) {
  const named = steps.filter((step) => (step.files ?? []).some((file) => result.output.includes(file)));
  return named.length > 0 ? named.map((s) => `"${s.recipe}" recipe, step "${s.step}"`).join('; ') : 'one of the recipes';
}

const started = Date.now();
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const steps = recipeSteps({ stale });
const copy = makeCopy();
const failures = [];
try {
  const recipes = recipesOf(doc);
  failures.push(...walk(copy, steps, recipes));
  if (failures.length === 0) {
    for (const result of await checks(copy, steps)) {
      if (!result.ok) failures.push(`${result.label} failed after the ${blame(result, steps)}:\n${result.output.trim().split('\n').slice(-40).join('\n')}`);
    }
  }
} catch (error) {
  failures.push(error instanceof StaleStep ? error.message : String(error));
} finally {
  if (keep) console.log(`walk recipes: the copy is kept in ${copy}`);
  else fs.rmSync(copy, { recursive: true, force: true });
}

const seconds = Math.round((Date.now() - started) / 1000);
if (stale) {
  // The deliberately stale step must be the one reported.
  const reported = failures.some((failure) => failure.includes('stale on purpose'));
  console.log(reported ? `walk recipes: the stale step was reported (${seconds} s)` : 'walk recipes: a stale recipe walked without a failure');
  process.exit(reported ? 0 : 1);
}
if (failures.length > 0) {
  for (const failure of failures) console.error(`walk recipes: ${failure}`);
  console.error('walk recipes: a "How to add …" recipe in docs/architecture.md no longer works as written: fix the doc (or the code) and scripts/walk-recipes/steps.mjs');
  process.exit(1);
}
console.log(`walk recipes: ${steps.length} steps of ${new Set(steps.map((s) => s.recipe)).size} recipes walked, types and named tests pass (${seconds} s)`);
