import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, tokenFromMail, type TestApp } from '../../testing/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(engines)('sign-ups made to harm someone else on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.infrastructure.database.db;
  const signUp = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
  const signIn = (licenseId: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId, password } });
  const usersWith = async (email: string) => db().selectFrom('users').select(['uid', 'license_id']).where('email', '=', email).execute();
  const userCount = async () => Number((await db().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  /** Moves a sign-up `ms` into the past, as if it had been made then. */
  const ageSignUp = (email: string, ms: number) =>
    db()
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('email', '=', email)
      .execute();

  it('frees the e-mail and license ID a squatter took once 24 hours pass unverified, and tells the owner the license ID meanwhile', async () => {
    const owner = newUserInput();
    const squatter = newUserInput({ email: owner.email, licenseId: 'SQUAT-1234' });
    expect((await signUp(squatter)).statusCode).toBe(201);

    // Within the day the owner meets the squatter's account: taken, but a reset e-mail names the license ID it uses.
    expect((await signUp(owner)).json()).toEqual({ message: 'Email already registered', field: 'email' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: owner.email } })).statusCode).toBe(200);
    const resetMail = t.mails.at(-1)!;
    expect(resetMail.to).toBe(owner.email);
    expect(resetMail.text).toContain('Your license ID is SQUAT-1234. You sign in with it and your new password.');

    // A day later the squatter's sign-up has expired: the owner signs up, and the license ID is free again.
    await ageSignUp(owner.email, DAY_MS + 60_000);
    expect((await signIn('SQUAT-1234', squatter.password)).json()).toEqual({ message: 'Invalid credentials' });
    expect((await signUp(owner)).statusCode).toBe(201);
    expect(await usersWith(owner.email)).toEqual([expect.objectContaining({ license_id: owner.licenseId })]);
    expect((await signUp(newUserInput({ licenseId: 'squat-1234' }))).statusCode).toBe(201);
  });

  it('keeps an unverified sign-up for its first 24 hours, and housekeeping removes it afterwards, verified accounts untouched', async () => {
    const fresh = newUserInput();
    const stale = newUserInput();
    const verified = newUserInput();
    for (const input of [fresh, stale, verified]) expect((await signUp(input)).statusCode).toBe(201);
    const verifyToken = tokenFromMail(t.mails, 'verify-email');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: verifyToken } })).statusCode).toBe(200);
    await ageSignUp(fresh.email, DAY_MS - 60_000);
    await ageSignUp(stale.email, DAY_MS + 60_000);
    await ageSignUp(verified.email, 30 * DAY_MS);

    const removed = await t.services.housekeeping.run();
    expect(removed.unverified_users).toBeGreaterThanOrEqual(1);
    expect(await usersWith(stale.email)).toEqual([]);
    expect(await usersWith(fresh.email)).toHaveLength(1);
    expect(await usersWith(verified.email)).toHaveLength(1);
    expect((await signIn(verified.licenseId, verified.password)).statusCode).toBe(200);
  });

  it("answers 'No account found with this email' for a sign-up that expired unverified", async () => {
    const input = newUserInput();
    await signUp(input);
    await ageSignUp(input.email, DAY_MS + 60_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: input.email } });
    expect(res.json()).toEqual({ message: 'No account found with this email' });
  });

  it.each(['X,Email:someone@else.example', 'LIC 1', 'LIC:1', 'LIC_1', 'LIC/1', 'Ünï-1', 'LIC-1\u202e'])(
    'refuses the license ID %j, which could forge the identity QR, storing nothing',
    async (licenseId) => {
      const before = await userCount();
      const res = await signUp(newUserInput({ licenseId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'License ID can only contain letters, numbers and dashes', field: 'licenseId' });
      expect(await userCount()).toBe(before);
    },
  );

  it.each([
    'victim@example.com,attacker@evil.example',
    'victim@example.com;attacker@evil.example',
    'Asha <asha@evil.example>',
    '"a,b"@example.com',
    'group:asha@example.com;',
    'asha(comment)@example.com',
    'asha @example.com',
  ])('refuses the e-mail %j, which a mailer would not read as one address, storing nothing', async (email) => {
    const before = await userCount();
    const sent = t.mails.length;
    const res = await signUp(newUserInput({ email }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid email address', field: 'email' });
    expect(await userCount()).toBe(before);
    expect(t.mails).toHaveLength(sent);
  });

  it('accepts ordinary addresses, tags and international ones', async () => {
    for (const email of [`o'neil.${Date.now()}@example.com`, `asha+portal${Date.now()}@example.co.uk`, `zoë${Date.now()}@exämple.de`]) {
      const res = await signUp(newUserInput({ email }));
      expect(res.statusCode, email).toBe(201);
      expect(t.mails.at(-1)?.to).toBe(email);
    }
  });

  it.each([
    ['a right-to-left override', 'Asha\u202Egnp.exe'],
    ['a bidirectional isolate', 'Asha\u2067evil\u2069'],
    ['a control character', 'Asha\u0007'],
    ['a line separator', 'Asha\u2028Admin'],
    ['a lone surrogate', 'Asha\uD800'],
  ])('refuses a username with %s, storing nothing', async (_label, username) => {
    const before = await userCount();
    const res = await signUp(newUserInput({ username }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This name contains a hidden control or text-direction character. Please type it again.', field: 'username' });
    expect(await userCount()).toBe(before);
  });
});
