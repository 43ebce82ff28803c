import { LOCALE_COOKIE } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, signedInUser, type TestApp } from '../testing/test-app.ts';

describe.each(engines)('the server in Hindi on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const signUp = (payload: object, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload, headers });

  it('writes the verification e-mail in the language of the page the user signed up on', async () => {
    const user = newUserInput();
    expect((await signUp(user, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).statusCode).toBe(201);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('SEVA के लिए अपना ईमेल सत्यापित करें');
    expect(mail.text).toContain(`नमस्ते ${user.username},`);
    expect(mail.html).toContain('मेरा ईमेल सत्यापित करें');
  });

  it("lets the 'Language' control's cookie win over the browser's preference", async () => {
    const user = newUserInput();
    expect((await signUp(user, { 'accept-language': 'hi', cookie: `${LOCALE_COOKIE}=en-GB` })).statusCode).toBe(201);
    expect(t.mails.at(-1)!.subject).toBe('Verify your e-mail for SEVA');
  });

  it('answers a refusal in Hindi to a Hindi page, and in SPEC’s English to an English one', async () => {
    const taken = newUserInput();
    expect((await signUp(taken, {})).statusCode).toBe(201);
    const again = { ...newUserInput(), email: taken.email };
    expect((await signUp(again, { cookie: `${LOCALE_COOKIE}=en-GB` })).json()).toEqual({ message: 'Email already registered', field: 'email' });
    const hindi = (await signUp(again, { cookie: `${LOCALE_COOKIE}=hi` })).json<{ message: string; field: string }>();
    expect(hindi.field).toBe('email');
    expect(hindi.message).toBe('यह ईमेल पहले से पंजीकृत है');
  });

  it("keeps the language a wearer chooses on the account: their e-mails are written in it, and a sign-in takes it", async () => {
    const { input, cookie } = await signedInUser(t);
    const choose = (locale: unknown) => t.app.inject({ method: 'PUT', url: '/api/account/language', payload: { locale }, headers: { cookie } });
    expect((await choose('xx')).json()).toEqual({ message: 'Choose a language the portal speaks: en-GB or hi.', field: 'locale' });
    expect((await choose('hi')).statusCode).toBe(204);

    // A reset asked from an English page still reaches the wearer in the language they chose.
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: input.email } });
    expect(t.mails.at(-1)!.subject).toBe('अपना SEVA पासवर्ड रीसेट करें');

    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: input.password } });
    expect(signIn.cookies.find((c) => c.name === LOCALE_COOKIE)).toMatchObject({ value: 'hi', path: '/', sameSite: 'Lax' });
  });

  it('refuses a language choice from someone signed out', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/account/language', payload: { locale: 'hi' } })).statusCode).toBe(401);
  });
});
