import { describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser } from '../testing/test-app.ts';

/** The Set-Cookie header for the session cookie, as the browser gets it. */
function sessionSetCookie(headers: Record<string, unknown>): string {
  const all = [headers['set-cookie']].flat().map(String);
  const found = all.find((line) => line.startsWith('seva_session='));
  if (!found) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return found;
}

const attributes = (line: string) => line.split(';').slice(1).map((a) => a.trim().toLowerCase());

describe.each(engines)('session cookie on %s', (engine) => {
  it('is HttpOnly, SameSite=Lax, Path=/, lasts 90 days (the server ends it after 30 idle), and is not Secure on an http PUBLIC_URL', async () => {
    const t = await createTestApp(engine, { publicUrl: 'http://localhost:3000', secureCookies: false });
    try {
      const { input } = await signedInUser(t);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: input.password } });
      const attrs = attributes(sessionSetCookie(res.headers));
      expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${90 * 24 * 60 * 60}`]));
      expect(attrs).not.toContain('secure');

      const { cookie } = await signedInUser(t);
      const out = attributes(sessionSetCookie((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } })).headers));
      expect(out).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(out).not.toContain('secure');
    } finally {
      await t.close();
    }
  });

  it('is Secure when the portal is served over https', async () => {
    const t = await createTestApp(engine, { publicUrl: 'https://seva.example', secureCookies: true });
    try {
      const { input } = await signedInUser(t);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: input.password } });
      expect(attributes(sessionSetCookie(res.headers))).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));

      const { cookie } = await signedInUser(t);
      const out = attributes(sessionSetCookie((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } })).headers));
      expect(out).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
    } finally {
      await t.close();
    }
  });
});
