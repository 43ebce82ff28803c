import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read the environment only in apps/server/src/config.ts (tests: testing/).' },
      ],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/src/testing/**', '**/*.test.ts', 'e2e/**', 'bench/**', 'scripts/**', 'playwright.config.ts', 'apps/server/src/cli/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['node:*', 'fastify*', 'kysely*', 'react*', '@seva/server', '@seva/web', '**/apps/**'], message: 'packages/shared holds rules only: no Node, Fastify, Kysely, React or app code.' },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.strict,
    languageOptions: { ...jsxA11y.flatConfigs.strict.languageOptions, globals: { ...globals.browser } },
    plugins: { ...jsxA11y.flatConfigs.strict.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': restrict([
        { group: ['@seva/server', '**/apps/server/**'], message: 'The web app talks to the server over HTTP only (lib/api-client.ts).' },
      ]),
    },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/features/**', '**/app/**'], message: 'Shared web code must not import features or app/: move the piece into components/ or lib/.' },
      ]),
    },
  },
  ...['auth', 'dashboard', 'faces', 'profile', 'sos', 'manual', 'updates'].map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/app/**'], message: 'Features do not import app/; app/ composes features.' },
        { group: ['**/features/*', `!**/features/${feature}`, `!**/features/${feature}/**`], message: 'Features do not import each other: move shared code to components/ or lib/.' },
      ]),
    },
  })),
  {
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': restrict([{ group: ['@seva/web', '**/apps/web/**', 'react*'], message: 'The server never imports the web app.' }]),
    },
  },
  {
    files: ['apps/server/src/modules/*/store.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['fastify*', '**/plugins/**'], message: 'A store holds SQL only: HTTP belongs in routes.ts.' }]) },
  },
  {
    files: ['apps/server/src/modules/*/routes.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['kysely*', '**/db/**', './store.ts'], message: 'A route parses and answers: SQL belongs in store.ts, rules in service.ts.' }]) },
  },
);
