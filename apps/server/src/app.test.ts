import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from './testing/routes-of.ts';
import { createTestApp, signedInUser, type TestApp } from './testing/test-app.ts';

/** The only routes a caller without identity may reach: everything else must sit in the private scope. */
const PUBLIC_ROUTES = [
  'GET /api/auth/session',
  'POST /api/auth/sign-up',
  'POST /api/auth/sign-in',
  'POST /api/auth/sign-out',
  'POST /api/auth/resend-verification',
  'POST /api/auth/reset-password',
  'POST /api/auth/restore-account',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/verify-email',
  'POST /api/auth/check-reset-token',
  'POST /api/vitals',
  'POST /api/vitals/',
  'GET /api/health',
  'GET /api/health/',
  'GET /api/health/ready',
  // How to reach support, for the help page anyone may read.
  'GET /api/support',
  'GET /api/support/',
  // D-048: the API's description and its readable reference (no data, only shapes).
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/*',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'POST /oauth/device_authorization',
  'POST /oauth/token',
  // The footer's 'Language' form without script (issue #33): anyone may choose a language.
  'POST /language',
  // Issue #18: a helper's sign-in and reset, and the invitation link (the token is the proof).
  'POST /api/auth/helper/sign-in',
  'POST /api/auth/helper/forgot-password',
  'POST /api/auth/helper/reset-password',
  'POST /api/helper-invitations/inspect',
  'POST /api/helper-invitations/accept',
  'POST /api/helper-invitations/decline',
];

describe('the composition root', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('answers 401 on every route outside the public list when no one is signed in, before reading the body', async () => {
    const open: string[] = [];
    const routes = routesOf(t.app);
    expect(routes.length).toBeGreaterThan(PUBLIC_ROUTES.length + 10);
    for (const { method, path } of routes) {
      const route = `${method} ${path}`;
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

describe('the web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A build as `npm run build` leaves it: index.html, a screen prerendered as its own page, one prerendered for a
    // signed-in browser, hashed assets, an icon.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'login.html'), '<div id="root"><h1>Sign in to SEVA</h1></div>');
    fs.mkdirSync(path.join(webDist, 'signed-in/faces'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'signed-in/faces/add.html'), '<div id="root"><h1>Face Registration</h1></div>');
    fs.writeFileSync(path.join(webDist, 'assets/index-B3xQ9kPz.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('sqlite', { webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends a prerendered screen its own page and every other screen index.html', async () => {
    const login = await get('/login');
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/^text\/html/);
    expect(login.body).toContain('Sign in to SEVA');
    for (const url of ['/dashboard', '/faces/add', '/signup?from=x']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<div id="root"></div>');
    }
    expect((await get('/api/nothing-here')).json()).toEqual({ message: expect.any(String) });
    // A HEAD (link checkers, curl -I) sees what a GET would.
    const head = await t.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends a screen prerendered for a signed-in browser only to one, and index.html to any other', async () => {
    const { cookie } = await signedInUser(t);
    const signedIn = await get('/faces/add?step=2', { cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('Face Registration');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    for (const headers of [{}, { cookie: 'seva_session=not-a-session' }] as Array<Record<string, string>>) {
      const other = await get('/faces/add', headers);
      expect(other.body).toBe('<div id="root"></div>');
      expect(other.headers.vary).toMatch(/cookie/i);
    }
    // Not as a file of its own either: the folder is the server's business.
    expect((await get('/signed-in/faces/add')).body).toBe('<div id="root"></div>');
    // Nor at its own file's path, to anyone, signed in or not.
    for (const headers of [{}, { cookie }] as Array<Record<string, string>>) {
      const file = await get('/signed-in/faces/add.html', headers);
      expect(file.statusCode).toBe(404);
      expect(file.body).not.toContain('Face Registration');
    }
  });

  it('lets a browser keep hashed assets for a year and revalidate pages and icons, which it gets back as 304 when unchanged', async () => {
    expect((await get('/assets/index-B3xQ9kPz.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/login', '/dashboard', '/favicon.svg']) {
      const first = await get(url);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers['last-modified']).toEqual(expect.any(String));
      const etag = String(first.headers.etag);
      expect(etag).not.toBe('undefined');
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });
});
