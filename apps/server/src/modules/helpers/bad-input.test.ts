import { randomUUID } from 'node:crypto';
import { helperMessages, messages, noLongerHelping } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uninvitedHelper } from '../../../../../test-kit/helper-flow.ts';
import { injectTransport } from '../../../../../test-kit/transport.ts';
import { onePersonPhoto } from '../../testing/face-calls.ts';
import { invitedHelper, wearerWithHelper } from '../../testing/helpers.ts';
import { multipartForm } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, relaxedLimits, signedInUser, tokenFromMail, type TestApp } from '../../testing/test-app.ts';

describe.each(engines)('bad input to helpers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      rateLimits: {
        ...relaxedLimits,
        signIn: { perIp: { max: 100, windowSeconds: 3600 }, perAccount: { max: 3, windowSeconds: 900 } },
        helperInvite: { perIp: { max: 100, windowSeconds: 3600 }, perAccount: { max: 2, windowSeconds: 3600 } },
      },
    });
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => injectTransport(t.app)(method, url, body, headers);
  const db = () => t.infrastructure.database.db;
  /** What a refused call must leave as it was: links, helper accounts, activity, faces, e-mails. */
  const snapshot = async () => ({
    links: await db().selectFrom('helper_links').selectAll().orderBy('id').execute(),
    accounts: await db().selectFrom('helper_accounts').select(['id', 'email', 'name', 'password_hash']).orderBy('id').execute(),
    activity: await db().selectFrom('activity_events').select(['id']).orderBy('id').execute(),
    faces: await db().selectFrom('faces').select(['face_id', 'name']).orderBy('face_id').execute(),
    contacts: await db().selectFrom('sos_face').select(['user_id', 'emergency_contacts']).orderBy('user_id').execute(),
    users: await db().selectFrom('users').select(['uid', 'username', 'phone']).orderBy('uid').execute(),
    mails: t.mails.length,
  });

  it('gives two invitations to one new address, accepted at the same moment, one account and a clear 409 (issue #34)', async () => {
    const helper = uninvitedHelper();
    const first = await invitedHelper(t, (await signedInUser(t)).cookie, helper);
    const second = await invitedHelper(t, (await signedInUser(t)).cookie, helper);
    const accept = (token: string) => send('POST', '/api/helper-invitations/accept', { token, name: helper.name, password: helper.password, confirmPassword: helper.password });
    const answers = await Promise.all([accept(first.token), accept(second.token)]);
    const accounts = await db().selectFrom('helper_accounts').select('id').where('email', '=', helper.email).execute();
    expect(accounts).toHaveLength(1);
    const refused = answers.findIndex((answer) => answer.status === 409);
    if (refused < 0) {
      // The second arrived once the first had made the account: it joined that account, its password being the same.
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    } else {
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers[refused]!.json).toEqual({ message: helperMessages.accountMadeMeanwhile });
      // The refused invitation is still open: accepted again, it asks for the account the other one made.
      const again = await send('POST', '/api/helper-invitations/accept', { token: [first, second][refused]!.token, password: helper.password });
      expect(again.status).toBe(200);
    }
    const links = await db().selectFrom('helper_links').select(['status', 'helper_id']).where('email', '=', helper.email).execute();
    expect(links).toEqual([{ status: 'active', helper_id: accounts[0]!.id }, { status: 'active', helper_id: accounts[0]!.id }]);
  });

  it("counts a helper's wrong current passwords at 'Change password' as failed sign-ins, as a wearer's are (issue #34)", async () => {
    const { helper, cookie } = await wearerWithHelper(t);
    const change = (currentPassword: string) =>
      send('PUT', '/api/helper/password', { currentPassword, newPassword: 'Amber-Falcon8#Rope', confirmPassword: 'Amber-Falcon8#Rope' }, { cookie });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const wrong = await change(`Wrong-Password${attempt}!`);
      expect(wrong.status).toBe(400);
      expect(wrong.json).toEqual({ message: messages.invalidPassword, field: 'currentPassword' });
    }
    expect((await change('Wrong-Password4!')).status).toBe(429);
    // The limit holds for the right password too, and for the helper's sign-in: it is one count.
    expect((await change(helper.password)).status).toBe(429);
    expect((await send('POST', '/api/auth/helper/sign-in', { email: helper.email, password: helper.password })).status).toBe(429);
    // And the helper hears of it once, as a wearer does.
    const warnings = t.mails.filter((mail) => mail.to === helper.email && mail.subject === 'Someone is trying to sign in to your SEVA helper account');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain('Someone has entered a wrong password for your SEVA helper account 3 times in the last 15 minutes.');
    expect(warnings[0]!.text).toContain('/helper/sign-in');
  });

  it("keeps a helper's earlier reset link working when another is asked for, until one sets a password (issue #34)", async () => {
    const { helper } = await wearerWithHelper(t);
    const linkAsked = async () => {
      expect((await send('POST', '/api/auth/helper/forgot-password', { email: helper.email })).status).toBe(200);
      return tokenFromMail(t.mails.filter((mail) => mail.to === helper.email), 'helper/reset-password');
    };
    const first = await linkAsked();
    const second = await linkAsked();
    expect(second).not.toBe(first);
    const password = 'Copper-Meadow5$Tide';
    const reset = (token: string) => send('POST', '/api/auth/helper/reset-password', { token, password, confirmPassword: password });
    expect((await reset(first)).status).toBe(200);
    expect((await reset(second)).json).toEqual({ message: messages.linkInvalid });
  });

  it('refuses malformed addresses and names with hidden characters, inviting nobody and sending nothing', async () => {
    const wearer = await signedInUser(t);
    const before = await snapshot();
    const addresses = ['not-an-address', 'a@b', 'x@example.com, y@example.com', '"q r"@example.com', '<x@example.com>', 'x@example.com\nBcc: y@example.com', ''];
    for (const email of addresses) {
      const answer = await send('POST', '/api/helpers', { name: 'Sam', email }, { cookie: wearer.cookie });
      expect(answer.status, email).toBe(400);
      expect((answer.json as { field?: string }).field).toBe('email');
    }
    for (const name of ['Sam\u0000', 'Sam\u202Eevil', 'Line\nbreak', '\u0007', '   ', 'x'.repeat(51)]) {
      const answer = await send('POST', '/api/helpers', { name, email: uninvitedHelper().email }, { cookie: wearer.cookie });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect((answer.json as { field?: string }).field).toBe('name');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses forged, reused and ill-formed tokens, and names with hidden characters on accept, changing nothing', async () => {
    const wearer = await signedInUser(t);
    const { helper, token } = await invitedHelper(t, wearer.cookie);
    const before = await snapshot();
    const forged = await send('POST', '/api/helper-invitations/accept', { token: `${token.slice(0, -2)}xx`, name: 'Sam', password: helper.password, confirmPassword: helper.password });
    expect(forged.status).toBe(404);
    expect(forged.json).toEqual({ message: helperMessages.invitationInvalid });
    expect((await send('POST', '/api/helper-invitations/decline', { token: 'x'.repeat(201) })).status).toBe(400);
    expect((await send('POST', '/api/helper-invitations/inspect', { token: 42 })).status).toBe(400);
    const hidden = await send('POST', '/api/helper-invitations/accept', { token, name: 'Sam\u202E', password: helper.password, confirmPassword: helper.password });
    expect(hidden.status).toBe(400);
    expect(hidden.json).toEqual({ message: messages.nameCharacters, field: 'name' });
    const mismatch = await send('POST', '/api/helper-invitations/accept', { token, name: 'Sam', password: helper.password, confirmPassword: 'Other-Password1!' });
    expect(mismatch.json).toEqual({ message: messages.passwordsMustMatch, field: 'confirmPassword' });
    expect(await snapshot()).toEqual(before);

    // Accepted once; the same link again is refused and changes nothing.
    expect((await send('POST', '/api/helper-invitations/accept', { token, name: 'Sam', password: helper.password, confirmPassword: helper.password })).status).toBe(200);
    const after = await snapshot();
    const reused = await send('POST', '/api/helper-invitations/accept', { token, name: 'Sam', password: helper.password, confirmPassword: helper.password });
    expect(reused.status).toBe(410);
    expect(await snapshot()).toEqual(after);
  });

  it('an invitation binds the address it was sent to, never the account signed in where it is opened', async () => {
    const other = await wearerWithHelper(t);
    const wearer = await signedInUser(t);
    const { helper, token } = await invitedHelper(t, wearer.cookie);
    // Opened in the other helper's browser: accepting makes the invited address's account, not the other helper's.
    const accepted = await send('POST', '/api/helper-invitations/accept', { token, name: helper.name, password: helper.password, confirmPassword: helper.password }, { cookie: other.cookie });
    expect(accepted.status).toBe(200);
    expect((accepted.json as { helper: { email: string } }).helper.email).toBe(helper.email);
    const otherAccount = await db().selectFrom('helper_accounts').select('id').where('email', '=', other.helper.email).executeTakeFirstOrThrow();
    const otherLinks = await db().selectFrom('helper_links').select('wearer_id').where('helper_id', '=', otherAccount.id).execute();
    expect(otherLinks.map((l) => l.wearer_id)).toEqual([other.wearer.user.uid]);
    // The browser's earlier session ended: one browser, one person.
    expect((await send('GET', '/api/contacts', undefined, { cookie: other.cookie })).status).toBe(401);
  });

  it('refuses a helper naming another wearer’s address in the face backend, and every wearer-only call, recording nothing', async () => {
    const { wearer, cookie } = await wearerWithHelper(t);
    const stranger = await signedInUser(t);
    const before = await snapshot();
    const form = await multipartForm({ email: stranger.input.email, name: 'Amy', face_id: randomUUID(), file: new Blob([onePersonPhoto()], { type: 'image/jpeg' }) });
    const crossed = await t.app.inject({ method: 'POST', url: '/face-api/store_face', headers: { ...form.headers, cookie }, payload: form.payload });
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).toEqual({ message: messages.forbiddenEmail });
    const list = await multipartForm({ email: stranger.input.email });
    expect((await t.app.inject({ method: 'POST', url: '/face-api/get_all_faces', headers: { ...list.headers, cookie }, payload: list.payload })).statusCode).toBe(403);

    const wearerOnly: Array<[string, string, unknown]> = [
      ['PATCH', '/api/profile', { username: 'Taken Over' }],
      ['POST', '/api/account/delete', { password: wearer.input.password }],
      ['POST', '/api/account/export', undefined],
      ['POST', '/api/account/sessions/sign-out-others', undefined],
      ['POST', '/api/helpers', { name: 'Friend of helper', email: uninvitedHelper().email }],
      ['POST', '/api/devices/pairing/allow', { code: 'ABCD-EFGH' }],
      ['GET', '/api/activity', undefined],
    ];
    for (const [method, url, body] of wearerOnly) {
      const answer = await send(method, url, body, { cookie });
      expect(answer.status, url).toBe(403);
      expect(answer.json, url).toEqual({ message: `Only ${wearer.input.username} can do this.`, code: 'wearer-only' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a removed helper replaying earlier requests is refused and changes nothing', async () => {
    const { wearer, cookie } = await wearerWithHelper(t);
    const id = (((await send('GET', '/api/helpers', undefined, { cookie: wearer.cookie })).json as { helpers: Array<{ id: string }> }).helpers[0]!).id;
    expect((await send('DELETE', `/api/helpers/${id}`, undefined, { cookie: wearer.cookie })).status).toBe(204);
    const before = await snapshot();
    const form = await multipartForm({ email: wearer.input.email, name: 'Amy', face_id: randomUUID(), file: new Blob([onePersonPhoto()], { type: 'image/jpeg' }) });
    const replayed = await t.app.inject({ method: 'POST', url: '/face-api/store_face', headers: { ...form.headers, cookie }, payload: form.payload });
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toMatchObject({ message: noLongerHelping(wearer.input.username) });
    const contacts = await send('PUT', '/api/contacts', { primary: { name: 'Mallory', countryCode: '+44', phoneNumber: '7700900123' } }, { cookie });
    expect(contacts.status).toBe(403);
    // Choosing the wearer again does not bring the link back.
    expect((await send('POST', '/api/helper/acting-for', { wearerId: wearer.user.uid }, { cookie })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('blocks helper sign-in guesses per (account, address), as for wearers, without locking the helper out elsewhere', async () => {
    const { helper } = await wearerWithHelper(t);
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/helper/sign-in', remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: helper.email, password }) });
    for (let i = 0; i < 3; i += 1) expect((await attempt('Wrong-Password1!', '203.0.113.7')).statusCode).toBe(401);
    const blocked = await attempt(helper.password, '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: messages.tooManyAttempts });
    expect((await attempt(helper.password, '198.51.100.20')).statusCode).toBe(200);
  });

  it('answers 404 for a path id that is no UUID, as for one that names nothing', async () => {
    const { wearer, cookie } = await wearerWithHelper(t);
    for (const id of ['not-a-uuid', 'a%00b', randomUUID()]) {
      const removed = await send('DELETE', `/api/helpers/${id}`, undefined, { cookie: wearer.cookie });
      expect([removed.status, removed.json], id).toEqual([404, { message: helperMessages.helperNotFound }]);
      const stopped = await send('DELETE', `/api/helper/wearers/${id}`, undefined, { cookie });
      expect([stopped.status, stopped.json], id).toEqual([404, { message: helperMessages.notYourWearer }]);
    }
  });

  it('rate-limits invitations per wearer, refused or not (how many an address gets: invitation-limits.test.ts)', async () => {
    const wearer = await signedInUser(t);
    const invite = (cookie: string, email: string) => send('POST', '/api/helpers', { name: 'Sam', email }, { cookie });
    const target = uninvitedHelper().email;
    expect((await invite(wearer.cookie, target)).status).toBe(201);
    expect((await invite(wearer.cookie, target)).status).toBe(409);
    const third = await invite(wearer.cookie, uninvitedHelper().email);
    expect(third.status).toBe(429);
    expect(third.json).toEqual({ message: messages.tooManyAttempts });
    // Another wearer's own count is untouched: the address is invited again.
    const other = await signedInUser(t);
    expect((await invite(other.cookie, target)).status).toBe(201);
  });
});
