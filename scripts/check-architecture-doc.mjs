// Checks that docs/architecture.md names files, folders and functions that exist (`npm run lint` runs it after
// check-lint-config.mjs), so its "Where code lives" table and "How to add …" recipes cannot go stale unseen:
// 1. Every backticked repository path (`apps/server/src/services.ts`, `plugins/session.ts`, `modules/<m>/routes.ts`)
//    must exist, read from the repository root or from one of the folders the doc abbreviates it from (the server's
//    src/, a server module, the web app's src/, a screen family, packages/shared/src). A placeholder (`<m>`, `<f>`,
//    `<name>` …, and `N` after digits in `00N`) stands for one or more characters: at least one entry must match.
//    File paths inside the doc's code blocks are checked the same way.
// 2. Every backticked function or name the doc points at (`createTestApp(engine)`, `privateScope`, `form.sending`) must
//    occur in the repository's code; plain lower-case words (`invalid`, `helpers`) are left to the reader.
// 3. Where the doc puts a name in a file ("the `erasers` list in `services.ts`", "`glassesMay('events')` from
//    `plugins/session.ts`", "`db/database.ts` (`Db`, `Executor`)"), that file must contain it.
// It then proves it can fail: a copy of the doc with made-up references must have each of them reported.
// `node scripts/check-architecture-doc.mjs [doc.md]` checks another copy of the doc. Exits 1 naming each stale reference.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const self = path.relative(root, import.meta.filename);

/** Folders the doc's short paths are written from, tried after the repository root (`*`: any one folder). */
const bases = ['apps/server/src', 'apps/server/src/modules/*', 'apps/web/src', 'apps/web/src/features/*', 'apps/web', 'packages/shared/src'];
/** Folders whose code the names of rule 2 are looked up in. */
const codeFolders = ['apps', 'packages', 'test-kit', 'e2e', 'tools', 'bench', 'scripts'];
const skipped = new Set(['node_modules', 'dist', '.git']);
const FILE_EXTENSIONS = /\.(ts|tsx|mjs|js|json|md|cfg|yml|html)$/;

/** One path segment of the doc as a pattern: `<x>` and `00N` are placeholders. */
function segmentPattern(segment) {
  const escaped = segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const source = escaped.replace(/<[^>]+>/g, '.+').replace(/(?<=\d)N/g, '\\d+').replace(/\*/g, '[^/]+');
  return new RegExp(`^${source}$`);
}

/** Every existing path under `dir` that matches the segments (a trailing '' asks for a folder). */
function matches(dir, segments) {
  if (segments.length === 0) return [dir];
  const [first, ...rest] = segments;
  if (first === '') return fs.statSync(dir).isDirectory() ? [dir] : [];
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  const pattern = segmentPattern(first);
  const literal = !/[<*]|\dN/.test(first);
  const names = literal ? [first].filter((name) => fs.existsSync(path.join(dir, name))) : fs.readdirSync(dir).filter((name) => !skipped.has(name) && pattern.test(name));
  return names.flatMap((name) => matches(path.join(dir, name), rest));
}

/** The files or folders a path written in the doc stands for, from the root or any base. */
function resolve(written) {
  const segments = written.split('/');
  const found = new Set(matches(root, segments));
  for (const base of bases) for (const dir of matches(root, base.split('/'))) for (const hit of matches(dir, segments)) found.add(hit);
  return [...found];
}

const isPath = (span) => !/\s/.test(span) && !span.startsWith('/') && !span.startsWith('{') && (span.includes('/') || FILE_EXTENSIONS.test(span));

/** The names a backticked span points at: each called function, else a dotted or camelCase name. */
function namesIn(span) {
  if (span.startsWith('{') || span.startsWith('<') || isPath(span) || /^npm /.test(span)) return [];
  const called = [...span.matchAll(/([A-Za-z_$][\w$]*)\(/g)].map((match) => match[1]);
  if (called.length > 0) return called;
  if (!/^[A-Za-z_$][\w$.]*$/.test(span)) return [];
  const last = span.split('.').at(-1);
  if (last.length < 2) return span.includes('.') ? [span.split('.')[0]] : [];
  return /[A-Z_]/.test(last) || span.includes('.') ? [last] : [];
}

/** What a name must look like in a file: `createHousekeeping([...])` → `createHousekeeping([`, `glassesMay('events')` → `glassesMay(`. */
const grepOf = (span) => span.match(/^[\w$.]*[\w$](\(\[?)?/)?.[0] ?? span;

let codeText;
function code() {
  if (codeText !== undefined) return codeText;
  const parts = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && path.relative(root, full) !== self) parts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  for (const folder of codeFolders) if (fs.existsSync(path.join(root, folder))) walk(path.join(root, folder));
  codeText = parts.join('\n');
  return codeText;
}
const wordIn = (text, name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text);

/** The stale references of a doc's text, one line each. */
export function staleReferences(doc) {
  const stale = [];
  const fences = [...doc.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1]);
  const prose = doc.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/\s*\n\s*/g, ' ');
  const spans = [...prose.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

  const paths = new Set(spans.filter(isPath));
  for (const block of fences) for (const match of block.matchAll(/(?<![\w/.<>-])([\w.<>-]+\/)*[\w.<>-]+\.(?:ts|tsx|mjs)(?![\w])/g)) paths.add(match[0]);
  for (const written of paths) if (resolve(written).length === 0) stale.push(`\`${written}\`: no such file or folder`);

  for (const span of spans) for (const name of namesIn(span)) if (!wordIn(code(), name)) stale.push(`\`${span}\`: \`${name}\` occurs nowhere in the code`);

  const claims = [];
  for (const match of prose.matchAll(/`([^`]+)`(?: list| step)? (?:in|from) `([^`]+)`/g)) if (isPath(match[2]) && !isPath(match[1])) claims.push([match[1], match[2]]);
  for (const match of prose.matchAll(/`([^`\s]+)` \(([^()]*)\)/g)) {
    if (!isPath(match[1])) continue;
    for (const inner of match[2].matchAll(/`([^`]+)`/g)) if (namesIn(inner[1]).length > 0) claims.push([inner[1], match[1]]);
  }
  for (const match of prose.matchAll(/give `([^`]+)` the module's `([^`]+)`/g)) claims.push([match[2], match[1]]);
  for (const [span, written] of claims) {
    const files = resolve(written).filter((file) => fs.statSync(file).isFile());
    const grep = grepOf(span);
    if (files.length > 0 && !files.some((file) => fs.readFileSync(file, 'utf8').includes(grep))) stale.push(`\`${span}\` in \`${written}\`: the file has no \`${grep}\``);
  }
  return stale;
}

const docPath = path.resolve(process.argv[2] ?? path.join(root, 'docs/architecture.md'));
const doc = fs.readFileSync(docPath, 'utf8');
const shownPath = docPath.startsWith(root + path.sep) ? path.relative(root, docPath) : docPath;
const failures = staleReferences(doc).map((line) => `${shownPath}: ${line}`);
let checks = 1;

// The checks can fail: each made-up reference in a copy of the doc must be reported, and a placeholder that matches
// must not be.
const planted = [
  ['`apps/server/src/modules/<m>/no-such-part.ts`', 'modules/<m>/no-such-part.ts'],
  ['`apps/web/src/no-such-folder/`', 'no-such-folder/'],
  ['`noSuchHelper(engine)`', 'noSuchHelper'],
  ['the `noSuchList` list in `services.ts`', 'noSuchList'],
  ['`plugins/session.ts` (`noSuchGuard`)', 'noSuchGuard'],
];
const plantedDoc = `${doc}\n## Planted\n\n${planted.map(([text]) => `- ${text}.`).join('\n')}\n- \`modules/<m>/routes.ts\`, the \`erasers\` list in \`services.ts\`.\n`;
const plantedFound = staleReferences(plantedDoc);
for (const [text, needle] of planted) {
  checks += 1;
  if (!plantedFound.some((line) => line.includes(needle))) failures.push(`self-check: a made-up reference went unreported: ${text}`);
}
checks += 1;
const wronglyReported = plantedFound.filter((line) => line.startsWith('`modules/<m>/routes.ts`') || line.startsWith('`erasers`'));
if (wronglyReported.length > 0) failures.push(`self-check: a reference that holds was reported: ${wronglyReported.join('; ')}`);

if (failures.length > 0) {
  for (const failure of failures) console.error(`architecture doc: ${failure}`);
  console.error('architecture doc: a stale reference names a file, folder or function that moved: fix the doc (or the code)');
  process.exit(1);
}
console.log(`architecture doc: every reference found, ${checks} checks passed`);
