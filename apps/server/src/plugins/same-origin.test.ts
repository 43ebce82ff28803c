import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, type TestApp } from '../testing/test-app.ts';

describe.each(engines)('requests from other sites on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: 'https://seva.example', secureCookies: true });
  });
  afterAll(() => t.close());

  const signUp = (payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload, headers });
  const userCount = async () => (await t.infrastructure.database.db.selectFrom('users').select('uid').execute()).length;

  it.each(['https://evil.example', 'https://seva.example.evil.example', 'http://seva.example', 'https://seva.example:8443', 'null'])(
    'refuses a POST with Origin %s and changes nothing',
    async (origin) => {
      const before = await userCount();
      const res = await signUp(newUserInput(), { origin });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Requests from other sites are not accepted.' });
      expect(await userCount()).toBe(before);
    },
  );

  it('refuses sign-in and sign-out from another site too', async () => {
    for (const url of ['/api/auth/sign-in', '/api/auth/sign-out', '/api/auth/request-password-reset']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {}, headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
    }
  });

  it('accepts a POST from the portal itself, or from a client that sends no Origin', async () => {
    expect((await signUp(newUserInput(), { origin: 'https://seva.example' })).statusCode).toBe(201);
    expect((await signUp(newUserInput(), {})).statusCode).toBe(201);
  });

  it("accepts a form the portal's own page posted (Origin: null under its no-referrer policy, Sec-Fetch-Site: same-origin)", async () => {
    expect((await signUp(newUserInput(), { origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('refuses a POST whose Origin matches only the Host it was sent to (DNS rebinding), changing nothing', async () => {
    const before = await userCount();
    const res = await signUp(newUserInput(), { origin: 'http://rebound.example:8080', host: 'rebound.example:8080' });
    expect(res.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it.each(['cross-site', 'same-site'])('refuses a POST the browser marks Sec-Fetch-Site: %s, even without Origin', async (site) => {
    const before = await userCount();
    const res = await signUp(newUserInput(), { 'sec-fetch-site': site });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Requests from other sites are not accepted.' });
    expect(await userCount()).toBe(before);
  });

  it('accepts a POST the browser marks same-origin', async () => {
    expect((await signUp(newUserInput(), { origin: 'https://seva.example', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('lets a GET from another site through to its normal answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});

describe.each(engines)('a default install (PUBLIC_URL unset) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { port: 3000 });
  });
  afterAll(() => t.close());

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])('accepts a sign-up from the browser at %s', async (origin) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: newUserInput(), headers: { origin, 'sec-fetch-site': 'same-origin' } });
    expect(res.statusCode).toBe(201);
  });

  it.each(['http://localhost:3001', 'http://127.0.0.2:3000', 'http://example.com:3000'])('still refuses %s', async (origin) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: newUserInput(), headers: { origin } });
    expect(res.statusCode).toBe(403);
  });
});
