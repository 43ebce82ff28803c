// Checks that the lint rules reach the files they guard and can fail (`npm run lint` runs it before ESLint).
// 1. For representative files, ESLint's computed config (what `eslint --print-config <file>` prints) must hold every
//    boundary rule and zone: a later flat-config block that replaced a rule's options would show up here.
// 2. Small in-memory sources that cross a boundary, linted as if they lived at a real path, must be reported.
// Exits 1 with one line per missing rule or unreported breach.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { messages, sourceFileLimit } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const failures = [];
let checks = 0;

function expect(ok, line) {
  checks += 1;
  if (!ok) failures.push(line);
}

/** The zone targets use plain folders or `*` for one path segment (see eslint.config.js). */
function targets(target, file) {
  const absolute = path.resolve(root, target);
  if (!target.includes('*')) return file === absolute || file.startsWith(absolute + path.sep);
  const pattern = absolute.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*');
  return new RegExp(`^${pattern}$`).test(file);
}

const everywhere = ['@typescript-eslint/consistent-type-imports', 'import-x/no-cycle', 'import-x/no-extraneous-dependencies', 'import-x/no-restricted-paths', 'check-file/filename-naming-convention', 'check-file/folder-naming-convention'];

/** Representative files: the rules each must carry, the zones and package bans (by message) that must apply to it, and its package.json. */
const representatives = [
  { file: 'apps/web/src/features/faces/add-face-page.tsx', zones: ['webNotServer', 'featureNotFeature', 'featureNotApp'], bans: ['webNotServer'], packageDir: 'apps/web' },
  { file: 'apps/web/src/components/ui/button.tsx', zones: ['webNotServer', 'sharedWebCode'], bans: ['webNotServer'], packageDir: 'apps/web' },
  { file: 'apps/web/src/lib/api-client.ts', zones: ['webNotServer', 'sharedWebCode'], bans: ['webNotServer'], packageDir: 'apps/web' },
  { file: 'apps/server/src/modules/faces/store.ts', zones: ['serverNotWeb', 'storeNotHttp', 'moduleNotOtherStore'], bans: ['serverNotWeb', 'storeNotHttp'], packageDir: 'apps/server' },
  { file: 'apps/server/src/modules/faces/routes.ts', zones: ['serverNotWeb', 'routeNotDb', 'moduleNotOtherStore'], bans: ['serverNotWeb', 'routeNotDb'], packageDir: 'apps/server' },
  { file: 'apps/server/src/modules/faces/service.ts', zones: ['serverNotWeb', 'moduleNotOtherStore', 'routeNotOtherRoute'], bans: ['serverNotWeb', 'serviceNotHttp'], packageDir: 'apps/server' },
  { file: 'apps/server/src/maintenance/backup.ts', zones: ['serverNotWeb', 'maintenanceNotServices'], bans: ['serverNotWeb'], packageDir: 'apps/server' },
  { file: 'packages/shared/src/messages.ts', zones: ['sharedIsPure'], bans: ['sharedIsPure'], packageDir: 'packages/shared' },
  { file: 'e2e/auth.spec.ts', zones: [], bans: [], packageDir: '.' },
];
// Every feature folder on disk, including one added after this script was written.
for (const feature of fs.readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  representatives.push({ file: `apps/web/src/features/${feature.name}/x.tsx`, zones: ['webNotServer', 'featureNotFeature', 'featureNotApp'], bans: ['webNotServer'], packageDir: 'apps/web' });
}

const isError = (entry) => [entry].flat()[0] === 2 || [entry].flat()[0] === 'error';

for (const { file, zones, bans, packageDir } of representatives) {
  const absolute = path.join(root, file);
  const config = await eslint.calculateConfigForFile(absolute);
  const rules = config?.rules ?? {};
  for (const rule of everywhere) expect(isError(rules[rule]), `${file}: rule ${rule} is missing or not an error`);

  const zoneMessages = (rules['import-x/no-restricted-paths']?.[1]?.zones ?? [])
    .filter((zone) => [zone.target].flat().some((target) => targets(target, absolute)))
    .map((zone) => zone.message);
  for (const name of zones) expect(zoneMessages.includes(messages[name]), `${file}: no-restricted-paths zone "${name}" is missing`);

  const banMessages = (rules['no-restricted-imports']?.[1]?.patterns ?? []).map((pattern) => pattern.message);
  for (const name of bans) expect(isError(rules['no-restricted-imports']) && banMessages.includes(messages[name]), `${file}: no-restricted-imports ban "${name}" is missing`);

  const dirs = [rules['import-x/no-extraneous-dependencies']?.[1]?.packageDir ?? []].flat();
  expect(dirs.includes(path.resolve(root, packageDir)), `${file}: no-extraneous-dependencies does not read ${packageDir}/package.json`);
}

// D-050: every source file carries max-lines at the limit, every line counted; tests and end-to-end specs do not.
expect(
  sourceFileLimit.max === 250 && sourceFileLimit.skipBlankLines === false && sourceFileLimit.skipComments === false,
  `sourceFileLimit is ${JSON.stringify(sourceFileLimit)}: D-050 counts every line of a source file, at most 250`,
);
const limited = [
  'apps/server/src/modules/faces/service.ts',
  'apps/server/src/maintenance/backup.ts',
  'apps/web/src/features/faces/add-face-page.tsx',
  'apps/web/src/testing/stand-in-server.ts',
  'packages/shared/src/messages.ts',
  'tools/glasses/run-glasses.ts',
  'scripts/check-lint-config.mjs',
];
for (const file of limited) {
  const entry = (await eslint.calculateConfigForFile(path.join(root, file)))?.rules?.['max-lines'];
  const options = [entry].flat()[1] ?? {};
  const same = Object.entries(sourceFileLimit).every(([key, value]) => options[key] === value);
  expect(isError(entry) && same, `${file}: max-lines is missing, not an error, or not ${JSON.stringify(sourceFileLimit)}`);
}
for (const file of ['apps/server/src/modules/faces/routes.test.ts', 'apps/web/src/features/sos/sos-page.test.tsx', 'e2e/add-face.spec.ts']) {
  const entry = (await eslint.calculateConfigForFile(path.join(root, file)))?.rules?.['max-lines'];
  expect(entry === undefined || [entry].flat()[0] === 0 || [entry].flat()[0] === 'off', `${file}: a test is held to max-lines`);
}

/** `count` lines of code (comments and blank lines among them), for the max-lines probes. */
const linesOfCode = (count) =>
  Array.from({ length: count }, (_, i) => (i % 10 === 9 ? '' : i % 10 === 8 ? '// a comment counts' : `export const line${i} = ${i};`)).join('\n') + '\n';

/** Sources that break a rule, linted as if saved at `file`: each listed message (rule and text) must be reported. */
const breaches = [
  {
    file: 'apps/web/src/features/faces/lint-probe.tsx',
    code: "import '../sos/sos-page.tsx';\nimport '../../app/router.tsx';\nimport '../../../../server/src/app.ts';\nimport '@seva/server';\n",
    reports: [
      ['import-x/no-restricted-paths', messages.featureNotFeature],
      ['import-x/no-restricted-paths', messages.featureNotApp],
      ['import-x/no-restricted-paths', messages.webNotServer],
      ['no-restricted-imports', messages.webNotServer],
    ],
  },
  {
    file: 'apps/web/src/lib/lint-probe.ts',
    code: "import '../features/faces/faces-page.tsx';\nimport 'vitest';\n",
    reports: [['import-x/no-restricted-paths', messages.sharedWebCode], ['import-x/no-extraneous-dependencies', "'vitest'"]],
  },
  {
    file: 'apps/server/src/modules/faces/store.ts',
    code: "import type { FastifyInstance } from 'fastify';\nimport '../../plugins/parse-body.ts';\nimport '../identity/store.ts';\nimport 'react';\nexport type F = FastifyInstance;\n",
    reports: [
      ['no-restricted-imports', messages.storeNotHttp],
      ['no-restricted-imports', messages.serverNotWeb],
      ['import-x/no-restricted-paths', messages.storeNotHttp],
      ['import-x/no-restricted-paths', messages.moduleNotOtherStore],
    ],
  },
  {
    file: 'apps/server/src/modules/faces/routes.ts',
    code: "import '../../db/database.ts';\nimport './store.ts';\nimport 'kysely';\nimport '../../../../web/src/main.tsx';\n",
    reports: [
      ['import-x/no-restricted-paths', messages.routeNotDb],
      ['no-restricted-imports', messages.routeNotDb],
      ['import-x/no-restricted-paths', messages.serverNotWeb],
    ],
  },
  {
    file: 'apps/server/src/modules/faces/service.ts',
    code: "import type { FastifyRequest } from 'fastify';\nimport '../../plugins/parse-body.ts';\nexport type R = FastifyRequest;\n",
    reports: [
      ['no-restricted-imports', messages.serviceNotHttp],
      ['no-restricted-imports', messages.serviceNotHttp],
    ],
  },
  {
    file: 'apps/server/src/modules/faces/routes.ts',
    code: "import '../identity/routes.ts';\n",
    reports: [['import-x/no-restricted-paths', messages.routeNotOtherRoute]],
  },
  {
    file: 'apps/server/src/maintenance/lint-probe.ts',
    code: "import '../services.ts';\n",
    reports: [['import-x/no-restricted-paths', messages.maintenanceNotServices]],
  },
  {
    file: 'apps/web/src/features/profile/api/lint-probe.ts',
    code: "export const a = fetch('/api/profile');\nexport const b = window.fetch('/api/profile');\n",
    reports: [
      ['no-restricted-globals', messages.featureFetchesThroughClient],
      ['no-restricted-properties', messages.featureFetchesThroughClient],
    ],
  },
  {
    file: 'packages/shared/src/lint-probe.ts',
    code: "import fs from 'node:fs';\nimport 'path';\nimport 'react';\nimport '../../../apps/server/src/config.ts';\nexport const f = fs;\n",
    reports: [
      ['no-restricted-imports', messages.sharedIsPure],
      ['import-x/no-restricted-paths', messages.sharedIsPure],
      ['import-x/no-extraneous-dependencies', "'react'"],
    ],
  },
  {
    // schemas/auth.ts imports messages.ts, so messages.ts importing schemas/auth.ts closes a cycle.
    file: 'packages/shared/src/messages.ts',
    code: "import { signUpSchema } from './schemas/auth.ts';\nexport const schema = signUpSchema;\n",
    reports: [['import-x/no-cycle', '']],
  },
  {
    file: 'apps/server/src/LintProbe.ts',
    code: "import { Kysely } from 'kysely';\nexport type K = Kysely<never>;\n",
    reports: [['@typescript-eslint/consistent-type-imports', ''], ['check-file/filename-naming-convention', 'kebab-case']],
  },
  {
    file: 'apps/web/src/features/SignUp/lint-probe.ts',
    code: 'export const x = 1;\n',
    reports: [['check-file/folder-naming-convention', 'kebab-case']],
  },
  {
    file: 'apps/server/src/modules/faces/lint-probe.ts',
    code: linesOfCode(sourceFileLimit.max + 1),
    reports: [['max-lines', `Maximum allowed is ${sourceFileLimit.max}`]],
  },
  {
    file: 'apps/web/src/testing/lint-probe.ts',
    code: linesOfCode(sourceFileLimit.max + 1),
    reports: [['max-lines', `Maximum allowed is ${sourceFileLimit.max}`]],
  },
];

for (const { file, code, reports } of breaches) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const found = result?.messages ?? [];
  for (const [ruleId, text] of reports) {
    expect(
      found.some((message) => message.ruleId === ruleId && message.severity === 2 && message.message.includes(text)),
      `${file}: expected ${ruleId}${text ? ` "${text}"` : ''} for the probe source, got: ${found.map((m) => m.ruleId).join(', ') || 'nothing'}`,
    );
  }
}

// A probe that crosses nothing is clean, so the rules do not fire on everything.
{
  // A module's HTTP files may speak HTTP: routes.ts and a *-http.ts beside it.
  for (const file of ['apps/server/src/modules/faces/routes.ts', 'apps/server/src/modules/faces/lint-probe-http.ts']) {
    const code = "import type { FastifyRequest } from 'fastify';\nimport '../../plugins/parse-body.ts';\nexport type R = FastifyRequest;\n";
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    const found = (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
    expect(found.length === 0, `${file}: an HTTP file of a module was refused Fastify or plugins/: ${found.map((m) => m.message).join('; ')}`);
  }
}
{
  const code = "import '../../components/ui/button.tsx';\nimport './faces-page.tsx';\nimport '@seva/shared';\nimport '@tanstack/react-query';\nimport 'vitest';\n";
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src/features/faces/lint-probe.test.tsx') });
  const found = (result?.messages ?? []).filter((message) => message.ruleId?.startsWith('import-x/') || message.ruleId === 'no-restricted-imports');
  expect(found.length === 0, `apps/web/src/features/faces/lint-probe.test.tsx: a clean import was reported: ${found.map((m) => m.message).join('; ')}`);
}

// A source file at the limit, and a test over it, are not refused for their length.
for (const [file, count] of [
  ['apps/server/src/modules/faces/lint-probe.ts', sourceFileLimit.max],
  ['apps/server/src/modules/faces/lint-probe.test.ts', sourceFileLimit.max * 2],
  ['e2e/lint-probe.spec.ts', sourceFileLimit.max * 2],
]) {
  const [result] = await eslint.lintText(linesOfCode(count), { filePath: path.join(root, file) });
  const found = (result?.messages ?? []).filter((message) => message.ruleId === 'max-lines');
  expect(found.length === 0, `${file}: ${count} lines were refused by max-lines: ${found.map((m) => m.message).join('; ')}`);
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`lint config: ${failure}`);
  console.error(`lint config: ${failures.length} of ${checks} checks failed (eslint.config.js)`);
  process.exit(1);
}
console.log(`lint config: ${checks} checks passed`);
