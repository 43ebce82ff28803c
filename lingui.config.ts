import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The catalogs (D-058): one folder per language under locales/, English the source. The shared rules' messages,
 * the server's and the web's common parts have a catalog each, and each of the web's features one of its own, so a
 * page loads only the words it shows.
 */
const exclude = ['**/*.test.*', '**/testing/**'];
/** The shared files whose messages only signed-in screens show: the glasses' (pairing shows only these)… */
const GLASSES = ['devices.ts', 'glasses-scopes.ts'];
/** …and the features' and the user's data's. */
const DATA = ['features.ts', 'face-rules.ts', 'schemas/faces.ts', 'schemas/face-photos.ts', 'schemas/face-recognition.ts', 'schemas/contacts.ts', 'schemas/profile.ts'];
/** The shared files whose messages only some signed-out screens show: the account's (reset, restore) and the helpers'. */
const ACCOUNT = ['account.ts'];
const HELPERS = ['helpers.ts'];
const inShared = (files: string[]) => files.map((file) => `<rootDir>/packages/shared/src/${file}`);

export default defineConfig({
  sourceLocale: 'en-GB',
  locales: ['en-GB', 'hi'],
  fallbackLocales: { default: 'en-GB' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    // The shared rules' messages: those every page may show (sign-in and sign-up rules, what is said of a helper acting for a wearer)…
    { path: '<rootDir>/locales/{locale}/shared', include: ['<rootDir>/packages/shared/src'], exclude: [...exclude, ...[...GLASSES, ...DATA, ...ACCOUNT, ...HELPERS].map((file) => `**/${file}`), '**/glasses-api-messages.ts'] },
    // …and those of the glasses, and of the features and the user's data, which only the signed-in screens show (catalog-names.ts).
    { path: '<rootDir>/locales/{locale}/shared-glasses', include: inShared(GLASSES), exclude },
    { path: '<rootDir>/locales/{locale}/shared-data', include: inShared(DATA), exclude },
    // …and those of the account and of the helpers, which the screens about them show.
    { path: '<rootDir>/locales/{locale}/shared-account', include: inShared(ACCOUNT), exclude },
    { path: '<rootDir>/locales/{locale}/shared-helpers', include: inShared(HELPERS), exclude },
    // The glasses' API's messages are for firmware logs: the server says them, the web never does.
    { path: '<rootDir>/locales/{locale}/server', include: ['<rootDir>/apps/server/src', '<rootDir>/packages/shared/src/glasses-api-messages.ts'], exclude },
    {
      path: '<rootDir>/locales/{locale}/web',
      include: ['<rootDir>/apps/web/src/app', '<rootDir>/apps/web/src/components', '<rootDir>/apps/web/src/lib'],
      exclude,
    },
    // What the page's first script shows, written into each page by the build: no page loads it (issue #33).
    { path: '<rootDir>/locales/{locale}/before-app', include: ['<rootDir>/apps/web/src/before-app'], exclude },
    { path: '<rootDir>/locales/{locale}/{name}', include: ['<rootDir>/apps/web/src/features/{name}'], exclude },
  ],
});
