import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

describe.each(engines)('sign-out on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const signOut = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  const isLoggedIn = async (uid: string) =>
    Number((await t.infrastructure.database.db.selectFrom('users').select('is_logged_in').where('uid', '=', uid).executeTakeFirstOrThrow()).is_logged_in);

  it('clears the cookie, ends the session and marks the user signed out', async () => {
    const { cookie, user } = await signedInUser(t);
    expect(await isLoggedIn(user.uid)).toBe(1);

    const res = await signOut({ cookie });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'seva_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires && cleared.expires.getTime()).toBeLessThanOrEqual(Date.now());

    expect((await session(cookie)).json()).toEqual({ user: null });
    expect(await isLoggedIn(user.uid)).toBe(0);
    const sessions = await t.infrastructure.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.uid).execute();
    expect(sessions).toHaveLength(0);
  });

  it('ends only the session it is called from', async () => {
    const first = await signedInUser(t);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { licenseId: first.input.licenseId, password: first.input.password },
    });
    const second = `seva_session=${again.cookies.find((c) => c.name === 'seva_session')!.value}`;

    await signOut({ cookie: first.cookie });
    expect((await session(first.cookie)).json()).toEqual({ user: null });
    const still = await session(second);
    expect(still.statusCode).toBe(200);
    expect(still.json().user.isLoggedIn).toBe(true);
  });

  it('answers 204 and clears the cookie when there is no session', async () => {
    for (const headers of [{}, { cookie: 'seva_session=not-a-real-session' }] as Array<Record<string, string>>) {
      const res = await signOut(headers);
      expect(res.statusCode).toBe(204);
      expect(res.cookies.find((c) => c.name === 'seva_session')?.value).toBe('');
    }
  });
});
