import { messages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../config.ts';
import { createTestApp, engines, newUserInput, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { tokenInMail } from '../../../../../test-kit/mail-link.ts';

/** Nobody else can keep an owner from signing up or resetting their password (D-036, D-071). */
describe.each(engines)('an owner whom others try to block, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { rateLimits: defaultRateLimits });
  });
  afterAll(() => t.close());

  const resetFrom = (email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: ip });
  const resetTokens = (email: string) => t.mails.filter((mail) => mail.to === email).map((mail) => tokenInMail(mail.text, 'reset-password')).filter((token): token is string => token !== undefined);
  const newPassword = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password, confirmPassword: password } });

  it('signs up with an e-mail address that others named in refused sign-ups', async () => {
    const owner = newUserInput();
    const taken = (await signedInUser(t)).input.licenseId;
    for (let i = 0; i < 6; i += 1) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { ...owner, licenseId: taken }, remoteAddress: `198.51.100.${i + 1}` });
      expect(refused.statusCode).toBe(409);
    }
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: owner, remoteAddress: '192.0.2.44' });
    expect(signUp.statusCode, signUp.body).toBe(201);
  });

  it('sends an owner at most three reset e-mails an hour, whoever asks, and every unused link works (D-071)', async () => {
    const { input } = await signedInUser(t);
    const home = '192.0.2.20';
    expect((await resetFrom(input.email, home)).statusCode).toBe(200);
    const [ownersLink] = resetTokens(input.email);
    expect((await resetFrom(input.email, '203.0.113.30')).statusCode).toBe(200);
    expect((await resetFrom(input.email, '203.0.113.31')).statusCode).toBe(200);
    // A fourth, from anywhere, is refused with where the links are: in the owner's inbox.
    for (const ip of ['203.0.113.30', '203.0.113.32', home]) {
      const refused = await resetFrom(input.email, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.resetMailsSent });
    }
    const links = resetTokens(input.email);
    expect(links).toHaveLength(3);

    // The owner's first link still works, although two were asked for after it; once used, the others end.
    const checked = await t.app.inject({ method: 'POST', url: '/api/auth/check-reset-token', payload: { token: ownersLink } });
    if (!ownersLink) throw new Error('no reset link');
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await newPassword(ownersLink, 'Fresh-Cactus9!Lamp')).statusCode).toBe(200);
    const later = await newPassword(links.at(-1)!, 'Other-Cactus9!Lamp');
    expect(later.statusCode).toBe(400);
    expect(later.json()).toMatchObject({ message: messages.linkInvalid });
  });

  it('refuses reset requests naming one e-mail past 30 an hour from all addresses together, account or not', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let address = 0; address < 11; address += 1) {
      for (let i = 0; i < 3; i += 1) statuses.push((await resetFrom(email, `100.64.20.${address + 1}`)).statusCode);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429]);
  });
});
