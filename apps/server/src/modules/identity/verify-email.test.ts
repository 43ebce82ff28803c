import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, signedInUser, tokenFromMail, type TestApp } from '../../testing/test-app.ts';
import { identityServiceAt } from '../../testing/identity-service-at.ts';
import { VERIFY_TTL_MS } from './service.ts';

const LINK_INVALID = { message: 'This link is invalid or has already been used.' };
const LINK_EXPIRED = { message: 'This link has expired. Please ask for a new one.' };

describe.each(engines)('e-mail verification on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const signIn = (input: { licenseId: string; password: string }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: input.password } });
  const resend = (input: { licenseId: string; password: string }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { licenseId: input.licenseId, password: input.password } });

  async function unverifiedAccount() {
    const input = newUserInput();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    expect(res.statusCode).toBe(201);
    return { input, token: tokenFromMail(t.mails, 'verify-email') };
  }

  it('verifies the e-mail once, then the user can sign in', async () => {
    const { input, token } = await unverifiedAccount();
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your e-mail is verified. You can now sign in.' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await signIn(input)).statusCode).toBe(200);
  });

  it('uses a link once: opened again, it says the e-mail is already verified (issue #9)', async () => {
    const { token } = await unverifiedAccount();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Your e-mail is already verified. You can sign in.' });
  });

  it('refuses a made-up or truncated link with 400', async () => {
    const { token } = await unverifiedAccount();
    for (const bad of ['made-up-token', token.slice(0, -1), `${token}x`]) {
      const res = await verify(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(LINK_INVALID);
    }
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('answers 410 for an expired link and leaves the account unverified', async () => {
    const { input, token } = await unverifiedAccount();
    const user = await t.infrastructure.database.db.selectFrom('users').select('uid').where('email', '=', input.email).executeTakeFirstOrThrow();
    await t.infrastructure.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.uid)
      .execute();
    const res = await verify(token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(LINK_EXPIRED);
    expect((await signIn(input)).json()).toMatchObject({ code: 'unverified' });
  });

  it('keeps a link valid for 24 hours', async () => {
    const { input, token } = await unverifiedAccount();
    const at = (offsetMs: number) => identityServiceAt(t, { offsetMs });
    await expect(at(VERIFY_TTL_MS + 1000).verifyEmail(token)).rejects.toMatchObject({ kind: 'expired', message: LINK_EXPIRED.message });
    await expect(at(VERIFY_TTL_MS - 60_000).verifyEmail(token)).resolves.toBe('verified');
    expect(VERIFY_TTL_MS).toBe(24 * 60 * 60 * 1000);
    expect((await signIn(input)).statusCode).toBe(200);
  });

  it('resends the e-mail with a new link and retires the old one', async () => {
    const { input, token: old } = await unverifiedAccount();
    const sent = t.mails.length;
    const res = await resend(input);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification e-mail sent. Please check your inbox.' });
    expect(t.mails).toHaveLength(sent + 1);
    expect(t.mails.at(-1)!.to).toBe(input.email);
    const fresh = tokenFromMail(t.mails, 'verify-email');
    expect(fresh).not.toBe(old);

    expect((await verify(old)).json()).toEqual(LINK_INVALID);
    expect((await verify(fresh)).statusCode).toBe(200);
    expect((await signIn(input)).statusCode).toBe(200);
  });

  it('sends nothing to an account that is already verified', async () => {
    const { input } = await signedInUser(t);
    const sent = t.mails.length;
    const res = await resend(input);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your e-mail is already verified. You can sign in.' });
    expect(t.mails).toHaveLength(sent);
  });

  it('resends only to the holder of the license ID and password', async () => {
    const { input } = await unverifiedAccount();
    const sent = t.mails.length;
    expect((await resend({ licenseId: input.licenseId, password: 'Wrong-Cactus9!' })).json()).toEqual({ message: 'Invalid password', field: 'password' });
    expect((await resend({ licenseId: 'LIC-NOBODY', password: input.password })).json()).toEqual({ message: 'Invalid credentials' });
    expect(t.mails).toHaveLength(sent);
  });

  it('does not accept a verification link as a password-reset link', async () => {
    const { token } = await unverifiedAccount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'New-Cactus9!Lamp', confirmPassword: 'New-Cactus9!Lamp' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LINK_INVALID);
    expect((await verify(token)).statusCode).toBe(200);
  });
});
