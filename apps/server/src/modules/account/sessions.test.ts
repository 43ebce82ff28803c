import { accountMessages, type BrowserSession } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, injectTransport } from '../../../../../test-kit/transport.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(engines)('Signed-in browsers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** Signs the user in from a browser with this User-Agent; answers its session cookie. */
  async function browser(user: { licenseId: string; password: string }, userAgent: string): Promise<string> {
    const answer = await injectTransport(t.app)('POST', '/api/auth/sign-in', { licenseId: user.licenseId, password: user.password }, { 'user-agent': userAgent });
    expect(answer.status).toBe(200);
    return cookieOf(answer);
  }
  const sessions = async (cookie: string) => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    return answer.json().sessions as BrowserSession[];
  };
  const signOut = (cookie: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: { cookie } });
  const profileStatus = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode;

  it('lists each browser by browser and system, this one first, and signs the others out one by one', async () => {
    const { input } = await signedInUser(t);
    const chrome = await browser(input, CHROME_WINDOWS);
    const safari = await browser(input, SAFARI_IPHONE);
    const firefox = await browser(input, FIREFOX_LINUX);

    const listed = await sessions(firefox);
    expect(listed[0]).toMatchObject({ browser: 'Firefox', system: 'Linux', current: true });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.map((s) => `${s.browser} on ${s.system}`)).toEqual(expect.arrayContaining(['Chrome on Windows 10', 'Safari on iOS', 'Unknown browser on unknown system']));
    for (const session of listed) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(session.lastActiveAt)).not.toBeNaN();
    }
    // The ids are not the tokens nor their stored hashes.
    const hashes = (await t.infrastructure.database.db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash);
    for (const session of listed) {
      expect(hashes).not.toContain(session.id);
      for (const cookie of [chrome, safari, firefox]) expect(cookie).not.toContain(session.id);
    }

    const chromeId = listed.find((s) => s.browser === 'Chrome')!.id;
    const out = await signOut(firefox, chromeId);
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Chrome on Windows 10 signed out. It will need the password to come back.');
    // It ends on its next request; the others carry on.
    expect(await profileStatus(chrome)).toBe(401);
    expect(await profileStatus(safari)).toBe(200);
    expect((await sessions(firefox)).map((s) => s.browser)).not.toContain('Chrome');
    // Signing it out again: it is gone.
    expect((await signOut(firefox, chromeId)).json().message).toBe(accountMessages.sessionNotFound);

    const safariId = (await sessions(firefox)).find((s) => s.browser === 'Safari')!.id;
    expect((await signOut(firefox, safariId)).statusCode).toBe(200);
    expect(await profileStatus(safari)).toBe(401);
    expect(await profileStatus(firefox)).toBe(200);
  });

  it('signs out all other browsers and keeps this one', async () => {
    const { input, cookie: first } = await signedInUser(t);
    const others = [await browser(input, CHROME_WINDOWS), await browser(input, SAFARI_IPHONE)];
    const keep = await browser(input, FIREFOX_LINUX);
    const answer = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: { cookie: keep } });
    expect(answer.json()).toEqual({ count: 3, message: '3 other browsers signed out.' });
    for (const cookie of [first, ...others]) expect(await profileStatus(cookie)).toBe(401);
    expect(await profileStatus(keep)).toBe(200);
    expect(await sessions(keep)).toEqual([expect.objectContaining({ browser: 'Firefox', current: true })]);
    const again = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: { cookie: keep } });
    expect(again.json()).toEqual({ count: 0, message: 'No other browser was signed in.' });
  });

  it("answers 404 for another user's session id, or one that is not an id, and changes nothing", async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const [bobSession] = await sessions(bob.cookie);
    for (const id of [bobSession!.id, 'not-an-id', 'x'.repeat(43), '%00']) {
      const answer = await signOut(alice.cookie, id);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().message).toBe(accountMessages.sessionNotFound);
    }
    expect(await profileStatus(bob.cookie)).toBe(200);
    expect((await sessions(alice.cookie)).map((s) => s.id)).not.toContain(bobSession!.id);
  });

  it('needs a session: 401 without one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/sessions/abc' })).statusCode).toBe(401);
  });
});
