import { LOCALE_COOKIE } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { backAddress } from './routes.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** What a browser adds to a form the portal's own page posts under its no-referrer policy. */
const OWN_PAGE = { ...FORM, origin: 'null', 'sec-fetch-site': 'same-origin' };

describe.each(engines)("the 'Language' form without script on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const post = (payload: string, headers: Record<string, string> = OWN_PAGE) => t.app.inject({ method: 'POST', url: '/language', payload, headers });
  const accountLocale = async (uid: string) => (await t.infrastructure.database.db.selectFrom('users').select('locale').where('uid', '=', uid).executeTakeFirstOrThrow()).locale;

  it('sets the cookie and sends the browser back to the page it was on, which is then in that language', async () => {
    const res = await post('locale=hi&back=%2Freset-password%3Ftoken%3Dabc');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/reset-password?token=abc');
    expect(res.cookies.find((c) => c.name === LOCALE_COOKIE)).toMatchObject({ value: 'hi', path: '/', sameSite: 'Lax', maxAge: 31536000 });
    expect(res.cookies.find((c) => c.name === LOCALE_COOKIE)?.httpOnly).toBeFalsy();
  });

  it("keeps a signed-in wearer's choice on the account, so their next sign-in anywhere starts in it", async () => {
    const { cookie, input } = await signedInUser(t);
    const uid = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json<{ user: { uid: string } }>().user.uid;
    expect((await post('locale=hi&back=%2Fprofile', { ...OWN_PAGE, cookie })).headers.location).toBe('/profile');
    expect(await accountLocale(uid)).toBe('hi');
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: input.password } });
    expect(signIn.cookies.find((c) => c.name === LOCALE_COOKIE)?.value).toBe('hi');
  });

  it.each([
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/ok path', '/'],
    ['javascript:alert(1)', '/'],
    ['/faces?person=abc#photos', '/faces?person=abc#photos'],
  ])('sends the browser back only to an address of this site: %s goes to %s', (back, expected) => {
    expect(backAddress(back)).toBe(expected);
  });

  it.each([
    ['no language', 'back=%2Fhelp', 'Choose one of the languages below.'],
    ['a language the portal does not speak', 'locale=fr&back=%2Fhelp', 'That language is not offered. Choose one of the languages below.'],
    ['a hostile value', `locale=${encodeURIComponent('"><script>alert(1)</script>')}&back=${encodeURIComponent('/help"><script>alert(2)</script>')}`, 'That language is not offered.'],
  ])('answers %s with the choice again, as a page saying what went wrong', async (_case, payload, said) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(said);
    expect(res.body).toContain('<button type="submit" name="locale" value="hi" lang="hi" aria-pressed="false">हिन्दी (Hindi)</button>');
    expect(res.body).not.toContain('<script>');
    expect(res.cookies.find((c) => c.name === LOCALE_COOKIE)).toBeUndefined();
  });

  it("says it in the page's language", async () => {
    const res = await post('locale=xx&back=%2Fhelp', { ...OWN_PAGE, cookie: `${LOCALE_COOKIE}=hi` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<html lang="hi">');
    expect(res.body).toContain('<a href="/help">');
    expect(res.body).not.toContain('Choose one of the languages below');
  });

  it('refuses a post from another site, and sets nothing', async () => {
    for (const headers of [{ ...FORM, origin: 'https://evil.example' }, { ...FORM, origin: 'null', 'sec-fetch-site': 'cross-site' }, { ...FORM, origin: 'null' }]) {
      const res = await post('locale=hi&back=%2F', headers);
      expect(res.statusCode).toBe(403);
      expect(res.cookies).toEqual([]);
    }
  });
});
