import { accountMessages, messages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../../../test-kit/sign-up-flow.ts';
import { bearer, pairGlasses } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, injectedPortal, signedInUser, tokenFromMail, type TestApp } from '../../testing/test-app.ts';
import { PASSWORD_CHANGED_SUBJECT } from '../identity/emails.ts';

const NEW_PASSWORD = 'Violet-Harbour7&Kite';

describe.each(engines)('Change password on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const change = (cookie: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie }, payload: body });
  const profile = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
  const sync = (token: string) => t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(token) });
  const labels = async (cookie: string) =>
    ((await t.app.inject({ method: 'GET', url: '/api/activity', headers: { cookie } })).json().events as Array<{ label: string }>).map((e) => e.label);
  const body = (user: { input: { password: string } }, extra: Record<string, unknown> = {}) => ({
    currentPassword: user.input.password,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...extra,
  });

  it("refuses a wrong current password with 'Invalid password' on its field, and a new one that breaks SPEC's rules, changing nothing", async () => {
    const user = await signedInUser(t);
    const wrong = await change(user.cookie, body(user, { currentPassword: 'Not-Mine9!' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: messages.invalidPassword, field: 'currentPassword' });
    const weak = await change(user.cookie, body(user, { newPassword: 'weakpass', confirmPassword: 'weakpass' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('newPassword');
    const unmatched = await change(user.cookie, body(user, { confirmPassword: `${NEW_PASSWORD}x` }));
    expect(unmatched.json()).toMatchObject({ message: messages.passwordsMustMatch, field: 'confirmPassword' });
    expect((await signIn(injectedPortal(t).send, user.input)).cookie).toBeTruthy();
    expect((await t.app.inject({ method: 'POST', url: '/api/account/password', payload: body(user) })).statusCode).toBe(401);
  });

  it('changes the password, signs every other browser out by default, keeps the glasses, and e-mails the owner a way to secure the account', async () => {
    const user = await signedInUser(t);
    const other = await signIn(injectedPortal(t).send, user.input);
    const glasses = await pairGlasses(t, user.cookie, 'Desk glasses');
    const changed = await change(user.cookie, body(user));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ signedOut: 1, unpaired: 0, message: `${accountMessages.passwordChanged} 1 other browser signed out.` });

    expect((await profile(user.cookie)).statusCode).toBe(200);
    expect((await profile(other.cookie)).statusCode).toBe(401);
    expect((await sync(glasses.token)).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: user.input.licenseId, password: user.input.password } });
    expect(refused.statusCode).toBe(401);
    expect((await signIn(injectedPortal(t).send, { licenseId: user.input.licenseId, password: NEW_PASSWORD })).cookie).toBeTruthy();

    const mail = t.mails.at(-1);
    expect(mail).toMatchObject({ to: user.input.email, subject: PASSWORD_CHANGED_SUBJECT });
    expect(mail?.text).toMatch(/Secure my account: http:\/\/[^\s]+\/forgot-password/);
    expect(await labels(user.cookie)).toEqual(expect.arrayContaining(['Password changed', 'Signed out all other browsers']));
  });

  it('keeps the other browsers when asked, and unpairs every pair of glasses when asked', async () => {
    const user = await signedInUser(t);
    const other = await signIn(injectedPortal(t).send, user.input);
    const first = await pairGlasses(t, user.cookie, 'Hall glasses');
    const second = await pairGlasses(t, user.cookie, 'Spare glasses');
    const changed = await change(user.cookie, body(user, { signOutOthers: false, unpairGlasses: true }));
    expect(changed.json()).toMatchObject({ signedOut: 0, unpaired: 2, message: `${accountMessages.passwordChanged} 2 pairs of glasses unpaired.` });
    expect((await profile(other.cookie)).statusCode).toBe(200);
    for (const token of [first.token, second.token]) expect((await sync(token)).statusCode).toBe(401);
    expect(await labels(user.cookie)).toEqual(expect.arrayContaining(['Glasses unpaired: Hall glasses', 'Glasses unpaired: Spare glasses']));
  });

  it('a reset unpairs the glasses unless the user keeps them, and e-mails that the password was changed', async () => {
    const resetWith = async (user: Awaited<ReturnType<typeof signedInUser>>, extra: Record<string, unknown>) => {
      await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.input.email } });
      const token = tokenFromMail(t.mails, 'reset-password');
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...extra } });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const unpairs = await signedInUser(t);
    const lost = await pairGlasses(t, unpairs.cookie, 'Lost glasses');
    await resetWith(unpairs, {});
    expect((await sync(lost.token)).statusCode).toBe(401);
    expect(t.mails.at(-1)).toMatchObject({ to: unpairs.input.email, subject: PASSWORD_CHANGED_SUBJECT });

    const keeps = await signedInUser(t);
    const kept = await pairGlasses(t, keeps.cookie, 'Kept glasses');
    await resetWith(keeps, { unpairGlasses: false });
    expect((await sync(kept.token)).statusCode).toBe(200);
  });
});
