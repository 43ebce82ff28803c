import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/** The only routes a caller without identity may reach: everything else must sit in the private scope. */
const PUBLIC_ROUTES = [
  'POST /api/auth/sign-up',
  'POST /api/auth/sign-in',
  'POST /api/auth/sign-out',
  'POST /api/auth/resend-verification',
  'POST /api/auth/reset-password',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/verify-email',
  'POST /api/vitals',
];

/** Every "METHOD /path" the app serves, read from Fastify's own route tree. */
function routesOf(t: TestApp): string[] {
  const routes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^[├└]── (\/\S*) \(([A-Z, ]+)\)$/);
    if (!match) continue;
    for (const method of match[2]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${match[1]}`);
  }
  return routes;
}

describe('the composition root', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('answers 401 on every route outside the public list when no one is signed in, before reading the body', async () => {
    const open: string[] = [];
    const routes = routesOf(t);
    expect(routes.length).toBeGreaterThan(PUBLIC_ROUTES.length + 10);
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        // A body that is not even well-formed: only a route that reads it before checking identity would answer 400.
        ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{not json' }),
      });
      if (res.statusCode !== 401) open.push(route);
      else expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });
});
