import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, engines, newUserInput, signedInUser, tokenFromMail, type TestApp } from '../../testing/test-app.ts';
import { identityServiceAt } from '../../testing/identity-service-at.ts';
import { RESET_TTL_MS } from './service.ts';

const LINK_INVALID = { message: 'This link is invalid or has already been used.' };
const LINK_EXPIRED = { message: 'This link has expired. Please ask for a new one.' };
const NEW_PASSWORD = 'Violet-Harbour7&Kite';

describe.each(engines)('password reset on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const requestReset = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password, confirmPassword } });
  const signIn = (licenseId: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId, password } });
  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

  /** A signed-in account and the token of a fresh reset link for it. */
  async function accountWithResetLink() {
    const account = await signedInUser(t);
    const res = await requestReset(account.input.email);
    expect(res.statusCode).toBe(200);
    return { ...account, token: tokenFromMail(t.mails, 'reset-password') };
  }

  it("answers 'No account found with this email' for an unknown address", async () => {
    const sent = t.mails.length;
    const res = await requestReset('nobody-here@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No account found with this email' });
    expect(t.mails).toHaveLength(sent);
  });

  it("answers 'Please enter a valid email' and 'Please enter your email'", async () => {
    expect((await requestReset('not-an-email')).json()).toEqual({ message: 'Please enter a valid email', field: 'email' });
    expect((await requestReset('')).json()).toEqual({ message: 'Please enter your email', field: 'email' });
    expect((await requestReset('')).statusCode).toBe(400);
  });

  it('sends a reset link to the account, whatever the case of the address typed', async () => {
    const { input } = await signedInUser(t);
    const res = await requestReset(` ${input.email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset e-mail sent. Please check your inbox.' });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(input.email);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain(`${t.config.publicUrl}/reset-password?token=`);
    expect(mail.text).toMatch(/1 hour/);
  });

  it('changes the password: the new one signs in, the old one is refused', async () => {
    const { input, token } = await accountWithResetLink();
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. You can now sign in.' });
    expect((await signIn(input.licenseId, input.password)).json()).toEqual({ message: 'Invalid password', field: 'password' });
    expect((await signIn(input.licenseId, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('signs out every other session', async () => {
    const { input, cookie, token } = await accountWithResetLink();
    const other = await signIn(input.licenseId, input.password);
    const otherCookie = `seva_session=${other.cookies.find((c) => c.name === 'seva_session')!.value}`;
    expect((await session(cookie)).statusCode).toBe(200);

    expect((await reset(token)).statusCode).toBe(200);
    for (const old of [cookie, otherCookie]) {
      const res = await session(old);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    }
  });

  it('works once: a second use answers 400', async () => {
    const { token } = await accountWithResetLink();
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Another-Harbour7&Kite');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(LINK_INVALID);
  });

  it('keeps an earlier reset link valid when a new one is sent, and ends it once either is used (D-036)', async () => {
    const { input, token: first } = await accountWithResetLink();
    await requestReset(input.email);
    const second = tokenFromMail(t.mails, 'reset-password');
    expect((await reset(first)).statusCode).toBe(200);
    expect((await reset(second)).json()).toEqual(LINK_INVALID);
  });

  it('keeps a link valid for 1 hour', async () => {
    const { input, user, token } = await accountWithResetLink();
    const at = (offsetMs: number) => identityServiceAt(t, { offsetMs });
    const body = { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    await expect(at(RESET_TTL_MS + 1000).resetPassword(body)).rejects.toMatchObject({ kind: 'expired', message: LINK_EXPIRED.message });
    await expect(at(RESET_TTL_MS - 60_000).resetPassword(body)).resolves.toBe(user.uid);
    expect(RESET_TTL_MS).toBe(60 * 60 * 1000);
    expect((await signIn(input.licenseId, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 410 for an expired link, before judging the new password, and keeps the old password', async () => {
    const { input, user, token } = await accountWithResetLink();
    await t.infrastructure.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.uid)
      .where('purpose', '=', 'reset')
      .execute();
    for (const password of [NEW_PASSWORD, 'Password1!']) {
      const res = await reset(token, password);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual(LINK_EXPIRED);
    }
    expect((await signIn(input.licenseId, input.password)).statusCode).toBe(200);
  });

  it.each([
    ['', '', { message: 'Password required', field: 'password' }],
    ['Ab1!xyz', 'Ab1!xyz', { message: 'Minimum 8 characters', field: 'password' }],
    ['lowercase1!', 'lowercase1!', { message: 'Must include uppercase, lowercase, number & symbol', field: 'password' }],
    [NEW_PASSWORD, '', { message: 'Confirmation required', field: 'confirmPassword' }],
    [NEW_PASSWORD, `${NEW_PASSWORD}x`, { message: 'Passwords must match', field: 'confirmPassword' }],
    ['Password1!', 'Password1!', { message: 'Password too weak', field: 'password' }],
  ])('holds the new password %j to the sign-up rules', async (password, confirmPassword, answer) => {
    const { input, token } = await accountWithResetLink();
    const res = await reset(token, password, confirmPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(answer);
    // The refused attempt neither used the link nor changed the password.
    expect((await signIn(input.licenseId, input.password)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses a new password made from the account’s own license ID', async () => {
    const { input, token } = await accountWithResetLink();
    const password = `${input.licenseId}a!`;
    expect((await reset(token, password)).json()).toEqual({ message: 'Password too weak', field: 'password' });
  });

  it('verifies the e-mail of an unverified account, which then signs in with the new password', async () => {
    const input = newUserInput();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    await requestReset(input.email);
    expect((await reset(tokenFromMail(t.mails, 'reset-password'))).statusCode).toBe(200);
    expect((await signIn(input.licenseId, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("answers 'Failed to send reset email' when the e-mail cannot be sent", async () => {
    const { input } = await signedInUser(t);
    const send = vi.spyOn(t.infrastructure.mailer, 'send').mockRejectedValueOnce(new Error('SMTP connection refused'));
    try {
      const res = await requestReset(input.email);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Failed to send reset email' });
    } finally {
      send.mockRestore();
    }
  });
});
