import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, signedInUser, tokenFromMail, type TestApp } from '../../testing/test-app.ts';

const LINK_INVALID = { message: 'This link is invalid or has already been used.' };
const LINK_EXPIRED = { message: 'This link has expired. Please ask for a new one.' };
const ALREADY_VERIFIED = { message: 'Your e-mail is already verified. You can sign in.' };
const NEW_PASSWORD = 'Violet-Harbour7&Kite';

/** Links opened a second time (issue #9): a verification link says the e-mail is verified; a reset page checks its link on opening. */
describe.each(engines)('links opened again on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  const verify = (token: string) => post('/api/auth/verify-email', { token });
  const checkReset = (token: string) => post('/api/auth/check-reset-token', { token });

  async function unverifiedAccount() {
    const input = newUserInput();
    expect((await post('/api/auth/sign-up', input)).statusCode).toBe(201);
    return { input, token: tokenFromMail(t.mails, 'verify-email') };
  }

  it('says the e-mail is already verified when a used verification link is opened again', async () => {
    const { token } = await unverifiedAccount();
    expect((await verify(token)).json()).toEqual({ message: 'Your e-mail is verified. You can now sign in.' });
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(ALREADY_VERIFIED);
  });

  it('says so too for an older link, replaced by a newer one that verified the account', async () => {
    const { input, token: first } = await unverifiedAccount();
    const resend = await post('/api/auth/resend-verification', { licenseId: input.licenseId, password: input.password });
    expect(resend.statusCode).toBe(200);
    const second = tokenFromMail(t.mails, 'verify-email');
    expect(second).not.toBe(first);
    expect((await verify(second)).statusCode).toBe(200);
    expect((await verify(first)).json()).toEqual(ALREADY_VERIFIED);
  });

  it('still calls a replaced link invalid while the account is not verified, and a made-up one always', async () => {
    const { input, token: first } = await unverifiedAccount();
    await post('/api/auth/resend-verification', { licenseId: input.licenseId, password: input.password });
    const replaced = await verify(first);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toEqual(LINK_INVALID);
    const madeUp = await verify('made-up-token');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual(LINK_INVALID);
  });

  it('checks a reset link without using it, and refuses it once used', async () => {
    const account = await signedInUser(t);
    expect((await post('/api/auth/request-password-reset', { email: account.input.email })).statusCode).toBe(200);
    const token = tokenFromMail(t.mails, 'reset-password');

    for (let i = 0; i < 2; i += 1) {
      const check = await checkReset(token);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ message: 'This link can be used to choose a new password.' });
    }
    const reset = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);

    const used = await checkReset(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual(LINK_INVALID);
  });

  it('refuses a made-up, blank or expired reset link with the same words as the reset itself', async () => {
    expect((await checkReset('made-up-token')).json()).toEqual(LINK_INVALID);
    const blank = await checkReset('');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ ...LINK_INVALID, field: 'token' });

    const account = await signedInUser(t);
    await post('/api/auth/request-password-reset', { email: account.input.email });
    const token = tokenFromMail(t.mails, 'reset-password');
    await t.infrastructure.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', account.user.uid)
      .where('purpose', '=', 'reset')
      .execute();
    const expired = await checkReset(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual(LINK_EXPIRED);
  });
});
