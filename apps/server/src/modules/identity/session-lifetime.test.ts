import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../tokens.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe.each(engines)('how long a session lasts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.infrastructure.database.db;
  const profile = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
  const signIn = (input: { licenseId: string; password: string }, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: input.password }, headers: cookie ? { cookie } : {} });
  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;
  const tokenHashOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf('=') + 1));
  const sessionRow = (cookie: string) => db().selectFrom('sessions').selectAll().where('token_hash', '=', tokenHashOf(cookie)).executeTakeFirst();
  const setSession = (cookie: string, at: { created?: number; used?: number; expires?: number }) =>
    db()
      .updateTable('sessions')
      .set({
        ...(at.created !== undefined ? { created_at: new Date(Date.now() - at.created).toISOString() } : {}),
        ...(at.used !== undefined ? { last_used_at: new Date(Date.now() - at.used).toISOString() } : {}),
        ...(at.expires !== undefined ? { expires_at: new Date(Date.now() + at.expires).toISOString() } : {}),
      })
      .where('token_hash', '=', tokenHashOf(cookie))
      .execute();

  it("replaces the browser's earlier session when it signs in again, whoever's it was", async () => {
    const first = await signedInUser(t);
    const again = await signIn(first.input, first.cookie);
    expect(again.statusCode).toBe(200);
    expect((await profile(first.cookie)).statusCode).toBe(401);
    expect(await sessionRow(first.cookie)).toBeUndefined();
    const current = cookieOf(again);
    expect((await profile(current)).statusCode).toBe(200);

    // Another person signs in on the same browser: the first person's session ends with it.
    const second = await signedInUser(t);
    const switched = await signIn(second.input, current);
    expect(switched.statusCode).toBe(200);
    expect((await profile(current)).statusCode).toBe(401);
    expect((await profile(cookieOf(switched))).json().user.email).toBe(second.input.email);
  });

  it('ends a session unused for 30 days', async () => {
    const { cookie } = await signedInUser(t);
    await setSession(cookie, { created: 31 * DAY_MS, used: 31 * DAY_MS, expires: -DAY_MS });
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('keeps a session in use alive for 30 days from its last use, written at most once an hour', async () => {
    const { cookie } = await signedInUser(t);
    await setSession(cookie, { created: 40 * DAY_MS, used: 2 * HOUR_MS, expires: HOUR_MS });
    expect((await profile(cookie)).statusCode).toBe(200);
    const touched = await sessionRow(cookie);
    expect(Date.parse(touched!.expires_at)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(Date.parse(touched!.last_used_at)).toBeGreaterThan(Date.now() - HOUR_MS);

    // Used again within the hour: nothing is written.
    await setSession(cookie, { used: 10 * 60 * 1000, expires: 5 * DAY_MS });
    const before = await sessionRow(cookie);
    expect((await profile(cookie)).statusCode).toBe(200);
    expect(await sessionRow(cookie)).toEqual(before);
  });

  it('ends a session 90 days after its sign-in however much it is used', async () => {
    const { cookie } = await signedInUser(t);
    await setSession(cookie, { created: 89 * DAY_MS, used: 2 * HOUR_MS, expires: HOUR_MS });
    expect((await profile(cookie)).statusCode).toBe(200);
    const row = await sessionRow(cookie);
    expect(Date.parse(row!.expires_at)).toBeLessThan(Date.now() + 1.01 * DAY_MS);
    expect(Date.parse(row!.expires_at)).toBeGreaterThan(Date.now() + 0.99 * DAY_MS);
  });
});
