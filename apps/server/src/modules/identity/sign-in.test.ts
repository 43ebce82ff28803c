import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, signedInUser, type TestApp } from '../../testing/test-app.ts';

describe.each(engines)('sign-in on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const signIn = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload, headers });
  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const found = res.cookies.find((c) => c.name === 'seva_session');
    return found ? `seva_session=${found.value}` : undefined;
  };

  /** A verified account (signed in once by the harness). */
  async function verifiedAccount() {
    const { input } = await signedInUser(t);
    return input;
  }

  it("answers 'Invalid credentials' for a license ID nobody registered", async () => {
    const res = await signIn({ licenseId: 'LIC-NOBODY-HAS-THIS', password: 'Blue-Cactus9!Lamp' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid credentials' });
    expect(cookieOf(res)).toBeUndefined();
  });

  it("answers 'Invalid password' for a wrong password", async () => {
    const input = await verifiedAccount();
    for (const password of ['Wrong-Cactus9!Lamp', input.password.toLowerCase(), ` ${input.password}`]) {
      const res = await signIn({ licenseId: input.licenseId, password });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid password', field: 'password' });
      expect(cookieOf(res)).toBeUndefined();
    }
  });

  it("re-checks the product §5 login rules: 'License ID required', 'Password required'", async () => {
    expect((await signIn({ licenseId: '  ', password: 'x' })).json()).toEqual({ message: 'License ID required', field: 'licenseId' });
    expect((await signIn({ licenseId: 'LIC-1', password: '' })).json()).toEqual({ message: 'Password required', field: 'password' });
  });

  it('refuses an unverified account with 403, code unverified, and no session', async () => {
    const input = newUserInput();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    const res = await signIn({ licenseId: input.licenseId, password: input.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Verification Required', code: 'unverified' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const user = await t.infrastructure.database.db.selectFrom('users').selectAll().where('email', '=', input.email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ is_logged_in: 0, is_verified: 0, last_login_time: null });
  });

  it('checks the password before telling an account is unverified', async () => {
    const input = newUserInput();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    const res = await signIn({ licenseId: input.licenseId, password: 'Wrong-Cactus9!Lamp' });
    expect(res.json()).toEqual({ message: 'Invalid password', field: 'password' });
  });

  it('signs in and records isLoggedIn, isVerified, lastLoginTime and lastLoginDevice', async () => {
    const input = await verifiedAccount();
    const device = 'Mozilla/5.0 (Linux; Android 14; SEVA glasses companion)';
    const before = new Date().toISOString();
    const res = await signIn({ licenseId: input.licenseId, password: input.password }, { 'user-agent': device });
    const after = new Date().toISOString();
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: input.email, license_id: input.licenseId, isLoggedIn: true });

    const me = await session(cookieOf(res)!);
    expect(me.statusCode).toBe(200);
    const user = me.json().user;
    expect(user).toMatchObject({
      email: input.email,
      username: input.username,
      license_id: input.licenseId,
      phone: `+1${input.phoneNumber}`,
      role: 'user',
      accessLevel: 1,
      version: '1.0',
      isLoggedIn: true,
      isVerified: true,
      lastLoginDevice: device,
    });
    expect(user.lastLoginTime >= before && user.lastLoginTime <= after).toBe(true);
  });

  it('never sends the password hash to the browser', async () => {
    const input = await verifiedAccount();
    const res = await signIn({ licenseId: input.licenseId, password: input.password });
    const me = await session(cookieOf(res)!);
    for (const body of [res.body, me.body]) {
      expect(body).not.toMatch(/password|argon2/i);
    }
  });

  it('matches the license ID ignoring case and surrounding spaces', async () => {
    const input = await verifiedAccount();
    for (const licenseId of [input.licenseId.toLowerCase(), input.licenseId.toUpperCase(), `  ${input.licenseId}\t`]) {
      const res = await signIn({ licenseId, password: input.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(input.email);
    }
  });

  it('gives each sign-in its own session', async () => {
    const input = await verifiedAccount();
    const a = cookieOf(await signIn({ licenseId: input.licenseId, password: input.password }))!;
    const b = cookieOf(await signIn({ licenseId: input.licenseId, password: input.password }))!;
    expect(a).not.toBe(b);
    expect((await session(a)).statusCode).toBe(200);
    expect((await session(b)).statusCode).toBe(200);
  });

  it('answers that nobody is signed in, without failing, for a missing or unknown session cookie', async () => {
    for (const headers of [{}, { cookie: 'seva_session=not-a-real-session' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('does not let the session answer be cached', async () => {
    const { cookie } = await signedInUser(t);
    expect((await session(cookie)).headers['cache-control']).toBe('no-store');
  });
});
