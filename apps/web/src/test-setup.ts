import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startInEveryCatalog } from './lib/i18n/catalogs.ts';
import { resetStandInServer, server } from './testing/stand-in-server.ts';

// Every web test talks to the stand-in server; a request nobody handles fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Screens render in English, as SPEC.md quotes them, with every feature's catalog loaded.
beforeAll(() => startInEveryCatalog('en-GB'));
afterEach(() => {
  cleanup();
  resetStandInServer();
  sessionStorage.clear();
});
afterAll(() => server.close());
