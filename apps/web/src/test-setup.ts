import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetStandInServer, server } from './testing/stand-in-server.ts';

// Every web test talks to the stand-in server; a request nobody handles fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  resetStandInServer();
  sessionStorage.clear();
});
afterAll(() => server.close());
