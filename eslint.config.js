import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const foldersIn = (dir) =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/** Read from the tree, so a new feature folder or server module gets its rules without an edit here. */
const webFeatures = foldersIn('apps/web/src/features');
const serverModules = foldersIn('apps/server/src/modules');

/** Files that only run in development (tests, tooling): they may use the root's devDependencies. */
const devFiles = ['**/*.test.{ts,tsx}', '**/test-setup.ts', '**/testing/**', '**/*.config.{ts,js}', 'e2e/**', 'bench/**', 'scripts/**', 'test-kit/**'];

/** kebab-case, optionally after a number (db/migrations/001-identity.ts); the same words as check-file's KEBAB_CASE. */
const kebabWords = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
const kebabCase = `@(${kebabWords}|+([0-9])-${kebabWords})`;

/** Each rule's message says where the code belongs. scripts/check-lint-config.mjs checks that they reach the files. */
export const messages = {
  sharedIsPure: 'packages/shared holds rules and messages only: no Node builtins, Fastify, Kysely, React or app code (those belong in apps/server or apps/web).',
  webNotServer: 'The web app talks to the server over HTTP only (apps/web/src/lib/api-client.ts); shared rules live in @seva/shared.',
  serverNotWeb: 'The server never imports the web app; shared rules live in @seva/shared.',
  featureNotFeature: 'Features do not import each other: move shared code to apps/web/src/components/ or apps/web/src/lib/.',
  featureNotApp: 'Features do not import app/; app/ composes features (routes, layout).',
  sharedWebCode: 'components/ and lib/ do not import features or app/: move the piece into components/ or lib/.',
  storeNotHttp: 'A store holds SQL only: HTTP (Fastify, plugins/) belongs in routes.ts.',
  routeNotDb: 'A route parses and answers: SQL belongs in store.ts, rules in service.ts; call the service.',
  moduleNotOtherStore: "A module does not read another module's store.ts: call that module's service.",
  serviceNotHttp: "A module's rules do not know HTTP: Fastify and plugins/ belong in routes.ts (or a *-http.ts beside it), which hands the service what the request says.",
  routeNotOtherRoute: "A route does not import another module's routes: an HTTP piece two modules share belongs in plugins/.",
  maintenanceNotServices: 'maintenance/ does not build services (services.ts): it takes what it needs as a parameter from its caller (cli/, server.ts).',
  featureFetchesThroughClient: 'A feature calls the server through lib/api-client.ts (apiFetch, apiResponse), never fetch(): every call then has the same credentials, errors and references.',
};

/**
 * D-050: no source file over 250 lines, every line counted (blank lines and comments too), so a file holds one
 * capability. Tests and end-to-end specs follow the module or journey they check and are not held to it.
 */
export const sourceFileLimit = { max: 250, skipBlankLines: false, skipComments: false };
const sourceFiles = ['**/*.{ts,tsx,mjs,js}'];
const notHeldToTheLimit = [
  '**/*.test.{ts,tsx}',
  'e2e/**/*.spec.ts',
];

// One import-x/no-restricted-paths for every file. It resolves each import (relative or by package name) to a file,
// so the zones hold however an import is written; each zone's `target` picks the files it applies to.
const zones = [
  { target: 'packages/shared', from: 'apps', message: messages.sharedIsPure },
  { target: 'apps/web', from: 'apps/server', message: messages.webNotServer },
  { target: 'apps/server', from: 'apps/web', message: messages.serverNotWeb },
  ...webFeatures.flatMap((feature) => [
    { target: `apps/web/src/features/${feature}`, from: 'apps/web/src/features', except: [`./${feature}`], message: messages.featureNotFeature },
    { target: `apps/web/src/features/${feature}`, from: 'apps/web/src/app', message: messages.featureNotApp },
  ]),
  { target: ['apps/web/src/components', 'apps/web/src/lib'], from: ['apps/web/src/features', 'apps/web/src/app'], message: messages.sharedWebCode },
  { target: 'apps/server/src/modules/*/store.ts', from: 'apps/server/src/plugins', message: messages.storeNotHttp },
  { target: 'apps/server/src/modules/*/routes.ts', from: 'apps/server/src/db', message: messages.routeNotDb },
  ...serverModules.flatMap((module) => {
    const otherStores = serverModules.filter((other) => other !== module).map((other) => `apps/server/src/modules/${other}/store.ts`);
    return [
      { target: `apps/server/src/modules/${module}/routes.ts`, from: `apps/server/src/modules/${module}/store.ts`, message: messages.routeNotDb },
      ...(otherStores.length > 0 ? [{ target: `apps/server/src/modules/${module}`, from: otherStores, message: messages.moduleNotOtherStore }] : []),
      ...(otherStores.length > 0
        ? [{ target: `apps/server/src/modules/${module}`, from: otherStores.map((store) => store.replace(/store\.ts$/, 'routes.ts')), message: messages.routeNotOtherRoute }]
        : []),
    ];
  }),
  { target: 'apps/server/src/maintenance', from: 'apps/server/src/services.ts', message: messages.maintenanceNotServices },
];

// Packages are named, not resolved to a folder that means anything, so bans on package names stay with
// no-restricted-imports. A later flat-config block replaces an earlier one's options for the same rule, so each
// block below carries every ban whose files cover its own: the ban list is merged here, not by ESLint.
const nodeBuiltins = `^(node:|(${builtinModules.filter((name) => !name.startsWith('_')).join('|')})(/|$))`;
const fastify = ['fastify', 'fastify/*', '@fastify/*'];
/** A module's files that speak HTTP, and its tests (which build the app). */
const MODULE_HTTP_FILES = ['apps/server/src/modules/*/routes.ts', 'apps/server/src/modules/*/*-http.ts', 'apps/server/src/modules/*/*.test.ts'];
const kysely = ['kysely', 'kysely/*'];
const packageBans = [
  { files: 'packages/shared/**', group: [...fastify, ...kysely, 'react', 'react-*', 'react/*', 'react-dom/*', '@seva/server', '@seva/web'], message: messages.sharedIsPure },
  { files: 'packages/shared/**', regex: nodeBuiltins, message: messages.sharedIsPure },
  { files: 'apps/web/**', group: ['@seva/server', '@seva/server/*', ...fastify, ...kysely], message: messages.webNotServer },
  { files: 'apps/server/**', group: ['@seva/web', '@seva/web/*', 'react', 'react-*', 'react/*', 'react-dom/*'], message: messages.serverNotWeb },
  // A module's files other than its HTTP ones (routes.ts, *-http.ts) and tests: its service and its helpers.
  { files: 'apps/server/src/modules/*/*.ts', ignores: MODULE_HTTP_FILES, group: fastify, message: messages.serviceNotHttp },
  { files: 'apps/server/src/modules/*/*.ts', ignores: MODULE_HTTP_FILES, regex: '(^|/)plugins/', message: messages.serviceNotHttp },
  { files: 'apps/server/src/modules/*/store.ts', group: fastify, message: messages.storeNotHttp },
  { files: 'apps/server/src/modules/*/routes.ts', group: kysely, message: messages.routeNotDb },
];
const covers = (general, specific) => general === specific || (general.endsWith('/**') && specific.startsWith(general.slice(0, -2)));
const packageBanBlocks = [...new Set(packageBans.map((ban) => ban.files))].map((files) => ({
  files: [files],
  ...(packageBans.find((ban) => ban.files === files)?.ignores ? { ignores: packageBans.find((ban) => ban.files === files).ignores } : {}),
  rules: {
    'no-restricted-imports': [
      'error',
      // Every ban whose folder covers this one (itself included), e.g. the store.ts block keeps the server-wide bans.
      { patterns: packageBans.filter((ban) => covers(ban.files, files)).map(({ files: _files, ignores: _ignores, ...pattern }) => pattern) },
    ],
  },
}));

/**
 * Each workspace declares what it imports; dev files may also use the root's devDependencies. These blocks and the
 * bench/e2e one cover disjoint files and replace the root-only default set in the main block below.
 */
const workspaceDependencies = ['packages/shared', 'apps/server', 'apps/web'].map((workspace) => ({
  files: [`${workspace}/**`],
  rules: {
    'import-x/no-extraneous-dependencies': [
      'error',
      { packageDir: [path.join(root, workspace), root], devDependencies: devFiles, includeTypes: true, includeInternal: true },
    ],
  },
}));
// bench/ and e2e/ start and measure the server and reuse the image and HTTP libraries it declares (sharp, fastify);
// tools/glasses (the reference client) and the test kit take the API's wire types from @seva/shared, as the server does.
const serverToolingDependencies = {
  files: ['bench/**', 'e2e/**', 'tools/**', 'test-kit/**'],
  rules: {
    'import-x/no-extraneous-dependencies': ['error', { packageDir: [root, path.join(root, 'apps/server')], devDependencies: true, includeTypes: true, includeInternal: true }],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Parse imported .ts/.tsx files too (no-cycle follows them), with the TypeScript resolver below.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ alwaysTryTypes: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.e2e.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read the environment only in apps/server/src/config.ts (tests: testing/).' },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 8 }],
      // Outside the workspaces (e2e, bench, scripts, test-kit, root configs) only the root's package.json counts.
      'import-x/no-extraneous-dependencies': ['error', { packageDir: [root], devDependencies: true, includeTypes: true, includeInternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs,js}': kebabCase },
        { ignoreMiddleExtensions: true, errorMessage: 'File names are kebab-case, named for what the file holds (sign-up-page.tsx, store.test.ts; migrations 004-name.ts): rename "{{ target }}".' },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages}/*/src/**/': 'KEBAB_CASE', '{e2e,bench,scripts,test-kit}/**/': 'KEBAB_CASE' },
        { errorMessage: 'Folder names are kebab-case (features/sign-up/): rename "{{ target }}".' },
      ],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/src/testing/**', '**/*.test.ts', 'e2e/**', 'bench/**', 'scripts/**', 'test-kit/**', 'playwright.config.ts', 'apps/server/src/cli/**', 'tools/glasses/main.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...workspaceDependencies,
  serverToolingDependencies,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.strict,
    languageOptions: { ...jsxA11y.flatConfigs.strict.languageOptions, globals: { ...globals.browser } },
    plugins: { ...jsxA11y.flatConfigs.strict.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: messages.featureFetchesThroughClient }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: messages.featureFetchesThroughClient },
        { object: 'globalThis', property: 'fetch', message: messages.featureFetchesThroughClient },
        { object: 'self', property: 'fetch', message: messages.featureFetchesThroughClient },
      ],
    },
  },
  ...packageBanBlocks,
  { files: sourceFiles, ignores: notHeldToTheLimit, rules: { 'max-lines': ['error', sourceFileLimit] } },
);
