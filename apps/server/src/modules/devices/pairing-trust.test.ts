import { glassesApiMessages, messages, scopeWords } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCode, pollToken, requestDeviceCode } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

/** RFC 8628 §5.4 (remote phishing) and what the user is told: the network, the password, the e-mail, the account. */
describe.each(engines)('pairing that a stranger cannot take over on %s', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: 'https://seva.example' });
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  const ask = async (remoteAddress: string, fields: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', payload: { client_id: 'seva-glasses', ...fields }, remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { device_code: string; user_code: string };
  };

  it("compares the request's network (/24 IPv4, /48 IPv6) with the user's own", async () => {
    const fromAfar = await ask('198.51.100.23');
    const far = await answerCode(t, owner.cookie, 'check', fromAfar.user_code, '203.0.113.9');
    expect(far.json().network).toEqual({ from: '198.51.100.0/24', sameAsYours: false });
    const near = await answerCode(t, owner.cookie, 'check', fromAfar.user_code, '198.51.100.200');
    expect(near.json().network).toEqual({ from: '198.51.100.0/24', sameAsYours: true });

    const v6 = await ask('2001:db8:aa:1::5');
    const sameSite = await answerCode(t, owner.cookie, 'check', v6.user_code, '2001:db8:aa:ffff::9');
    expect(sameSite.json().network).toEqual({ from: '2001:db8:aa::/48', sameAsYours: true });
    const otherSite = await answerCode(t, owner.cookie, 'check', v6.user_code, '2001:db8:ab::9');
    expect(otherSite.json().network.sameAsYours).toBe(false);
  });

  it('says when the request was made and lists what the glasses asked for in plain words', async () => {
    const before = Date.now();
    const asked = await ask('127.0.0.1', { scope: 'features faces:images' });
    const check = await answerCode(t, owner.cookie, 'check', asked.user_code);
    const body = check.json();
    expect(Date.parse(body.requestedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.expiresAt) - Date.parse(body.requestedAt)).toBe(600_000);
    expect(body.scopes).toEqual(['faces:images', 'features']);
    expect(body.grants).toEqual(scopeWords(['faces:images', 'features']));
  });

  it("refuses 'Allow' without the password or with a wrong one, on the field, and pairs nothing", async () => {
    const asked = await ask('127.0.0.1', { device_name: 'Stranger frames' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/devices/pairing/allow', headers: { cookie: owner.cookie }, payload: { code: asked.user_code } });
    expect([missing.statusCode, missing.json()]).toEqual([400, { message: messages.passwordRequired, field: 'password' }]);
    const wrong = await answerCode(t, owner.cookie, 'allow', asked.user_code, '127.0.0.1', 'Not-the-password-1!');
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { message: messages.invalidPassword, field: 'password' }]);
    expect((await pollToken(t, asked.device_code)).json().error).toBe('authorization_pending');
    const devices = await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: owner.cookie } });
    expect(devices.json().devices.map((d: { name: string }) => d.name)).not.toContain('Stranger frames');
    expect((await answerCode(t, owner.cookie, 'allow', asked.user_code)).statusCode).toBe(200);
  });

  it('limits wrong passwords on /pair like sign-in', async () => {
    const limited = await createTestApp(engine, { rateLimits: { ...t.config.rateLimits, signIn: { perIp: { max: 100, windowSeconds: 900 }, perAccount: { max: 2, windowSeconds: 900 } } } });
    try {
      const user = await signedInUser(limited);
      const asked = await limited.app.inject({ method: 'POST', url: '/oauth/device_authorization', payload: { client_id: 'seva-glasses' } });
      const code = asked.json().user_code as string;
      for (let i = 0; i < 2; i += 1) expect((await answerCode(limited, user.cookie, 'allow', code, '127.0.0.1', 'Wrong-guess-1!')).statusCode).toBe(403);
      expect((await answerCode(limited, user.cookie, 'allow', code, '127.0.0.1', 'Wrong-guess-2!')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("e-mails at once on 'Allow', saying exactly what the glasses may do, with a \"This wasn't me\" link that opens the unpairing", async () => {
    const asked = await ask('127.0.0.1', { device_name: 'Blue frames', scope: 'faces:read events' });
    const sent = t.mails.length;
    const allowed = await answerCode(t, owner.cookie, 'allow', asked.user_code);
    // Before the glasses collect their token: whoever typed the code hears of it now.
    expect(t.mails).toHaveLength(sent + 1);
    const mail = t.mails.at(-1)!;
    const deviceId = allowed.json().device.id as string;
    for (const words of scopeWords(['faces:read', 'events'])) expect(mail.text).toContain(`- ${words}`);
    expect(mail.text).not.toContain(scopeWords(['faces:images'])[0]);
    expect(mail.text).toContain(`This wasn't me: https://seva.example/profile?unpair=${deviceId}`);
    expect(mail.html).toContain(`href="https://seva.example/profile?unpair=${deviceId}">This wasn&#39;t me</a>`);
  });

  it('tells the glasses, with their token, the username of the account they joined, and the scope granted', async () => {
    const asked = await ask('127.0.0.1', { scope: 'faces:read' });
    await answerCode(t, owner.cookie, 'allow', asked.user_code);
    const token = await pollToken(t, asked.device_code);
    expect(token.json()).toMatchObject({ token_type: 'Bearer', scope: 'faces:read', username: owner.input.username });
  });

  it('refuses an unknown scope with invalid_scope and stores nothing', async () => {
    const res = await requestDeviceCode(t, { scope: 'faces:read delete_everything' });
    expect([res.statusCode, res.json()]).toEqual([400, { error: 'invalid_scope', error_description: glassesApiMessages.unknownScope('delete_everything') }]);
  });
});
