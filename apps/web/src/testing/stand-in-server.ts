import { setupServer } from 'msw/node';
import { accountHandlers } from './stand-in-account-routes.ts';
import { backend, fresh, log, type SentRequest } from './stand-in-backend.ts';
import { facePhotoHandlers } from './stand-in-face-photo-routes.ts';
import { glassesHandlers } from './stand-in-glasses-routes.ts';
import { helperHandlers } from './stand-in-helper-routes.ts';

export { backend, refusal, sent, sessionAnswer, STAND_IN_PASSWORD, type StandInPairing } from './stand-in-backend.ts';
export { STAND_IN_HELPER_PASSWORD } from './stand-in-helper-routes.ts';

/**
 * The server as the web tests see it: the real routes' paths, field names, rules (the shared schemas) and
 * messages, over an in-memory record of one user. A test sets `backend` before rendering, changes an answer
 * with `server.use(...)`, and reads what the screen sent with `sent(...)`; everything is reset after each test
 * (test-setup.ts). A request no handler answers fails the test.
 */
export const server = setupServer(...accountHandlers, ...glassesHandlers, ...facePhotoHandlers, ...helperHandlers);

/** What a request carried, read from a copy so the handler can still read it. */
async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.clone().json();
  if (type.includes('multipart/form-data')) return Object.fromEntries(await request.clone().formData());
  return undefined;
}

server.events.on('request:start', async ({ request }) => {
  const entry: SentRequest = { method: request.method, path: new URL(request.url).pathname, body: undefined };
  log.push(entry);
  entry.body = await bodyOf(request);
});

/** Back to a signed-in user with no faces, contacts or glasses, the test's own answers and the log cleared. */
export function resetStandInServer(): void {
  server.resetHandlers();
  Object.assign(backend, fresh());
  log.length = 0;
}
