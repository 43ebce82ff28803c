import { type ActivityEvent } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../../../test-kit/sign-up-flow.ts';
import { injectTransport } from '../../../../../test-kit/transport.ts';
import { answerCode, requestDeviceCode } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FORGED = 'Your account was hacked, call 0800 000 000 now/1.0 (compatible)';

describe.each(engines)('Security events in Recent activity on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const events = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/activity', headers: { cookie } })).json().events as ActivityEvent[];
  const asBrowser = (userAgent: string) => (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    injectTransport(t.app)(method, url, body, { 'user-agent': userAgent, ...headers });

  it('lists refused pairings, a browser signed out, "signed out all other browsers" and the password change, each naming what it concerns', async () => {
    const user = await signedInUser(t);
    const started = await requestDeviceCode(t, { device_name: 'Stranger glasses' });
    const denied = await answerCode(t, user.cookie, 'deny', (started.json() as { user_code: string }).user_code);
    expect(denied.statusCode, denied.body).toBe(200);

    await signIn(asBrowser(SAFARI), user.input);
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: user.cookie } })).json().sessions as Array<{ id: string; current: boolean }>;
    const safari = sessions.find((s) => !s.current)!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${safari.id}`, headers: { cookie: user.cookie } })).statusCode).toBe(200);
    await signIn(asBrowser(CHROME), user.input);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: { cookie: user.cookie } })).json().count).toBe(1);

    const labels = (await events(user.cookie)).map((e) => e.label);
    expect(labels.slice(0, 3)).toEqual(['Signed out all other browsers', 'Signed in', 'Browser signed out: Safari on iOS']);
    expect(labels).toContain('Pairing refused: Stranger glasses');
  });

  it('summarises wrong passwords per browser from a fixed list of names, so forged text never shows and they cannot push real events off the list', async () => {
    const user = await signedInUser(t);
    for (const [userAgent, ip] of [[FORGED, '203.0.113.1'], [FORGED, '203.0.113.2'], [CHROME, '203.0.113.3']] as const) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: ip, headers: { 'user-agent': userAgent }, payload: { licenseId: user.input.licenseId, password: 'Wrong-Password1!' } });
      expect(answer.statusCode).toBe(401);
    }
    const { db } = t.infrastructure.database;
    const base = { user_id: user.user.uid, kind: 'wrong-password', device: 'Chrome on Windows 10', helper_name: null, subject: null };
    const now = Date.now();
    for (let i = 0; i < 60; i += 1) await db.insertInto('activity_events').values({ ...base, id: `zz-${i}-${user.user.uid}`, at: new Date(now - i).toISOString() }).execute();

    const listed = await events(user.cookie);
    expect(JSON.stringify(listed)).not.toContain('hacked');
    expect(listed.map((e) => e.label)).toEqual([
      '61 wrong passwords from Chrome on Windows 10',
      '2 wrong passwords from Unknown browser on unknown system',
      'Signed in',
      'Email verified',
    ]);
  });
});
