import { randomUUID } from 'node:crypto';
import {
  acceptHeading,
  alreadyHelping,
  alreadyInvited,
  helperMay,
  helperMayNot,
  helperMessages,
  LOCALE_COOKIE,
  messages,
  noLongerHelping,
  type ActivityEvent,
  type HelperSessionInfo,
  type HelperSummary,
} from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptAsNewHelper, uninvitedHelper } from '../../../../../test-kit/helper-flow.ts';
import { zipEntries } from '../../../../../test-kit/zip-entries.ts';
import { onePersonPhoto } from '../../testing/face-calls.ts';
import { invitedHelper, wearerWithHelper } from '../../testing/helpers.ts';
import { multipartForm } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { injectTransport } from '../../../../../test-kit/transport.ts';

/** GET /api/auth/session (and sign-in, accept) for a helper's browser. */
type Probe = { user: { uid: string; username: string } | null; helper: HelperSessionInfo };

describe.each(engines)('helpers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, body?: unknown, cookie?: string) => injectTransport(t.app)(method, url, body, cookie ? { cookie } : {});
  const helpersOf = async (cookie: string) => ((await send('GET', '/api/helpers', undefined, cookie)).json as { helpers: HelperSummary[] }).helpers;
  const session = async (cookie: string) => (await send('GET', '/api/auth/session', undefined, cookie)).json as Probe;
  const mailsTo = (to: string) => t.mails.filter((mail) => mail.to === to);
  const links = () => t.infrastructure.database.db.selectFrom('helper_links').selectAll().execute();
  const face = async (cookie: string, method: 'POST' | 'PUT' | 'DELETE', route: string, fields: Record<string, string | Blob>) => {
    const form = await multipartForm(fields);
    return t.app.inject({ method, url: `/face-api/${route}`, headers: { ...form.headers, cookie }, payload: form.payload });
  };

  it('invites by e-mail with one link, and accepting makes a helper account acting for the wearer', async () => {
    const wearer = await signedInUser(t);
    expect(await helpersOf(wearer.cookie)).toEqual([]);
    const { helper, token } = await invitedHelper(t, wearer.cookie);
    const [invitation] = mailsTo(helper.email);
    expect(invitation?.text).toContain(wearer.input.username);
    for (const line of [...helperMay, ...helperMayNot]) expect(invitation?.text).toContain(line);
    expect(invitation?.text.match(/https?:\/\/\S+/g)).toEqual([`${t.config.publicUrl}/helper/accept?token=${token}`]);
    expect(await helpersOf(wearer.cookie)).toEqual([
      { id: expect.any(String), name: helper.name, email: helper.email, status: 'invited', invitedAt: expect.any(String), acceptedAt: null },
    ]);

    const inspected = await send('POST', '/api/helper-invitations/inspect', { token });
    expect(inspected.json).toEqual({ wearer: { username: wearer.input.username }, helperName: helper.name, email: helper.email, hasAccount: false });
    expect(acceptHeading(wearer.input.username)).toContain(wearer.input.username);

    const accepted = await acceptAsNewHelper(injectTransport(t.app), token, helper);
    expect(accepted.session).toMatchObject({
      user: { uid: wearer.user.uid, username: wearer.input.username },
      helper: { name: helper.name, email: helper.email, actingFor: { id: wearer.user.uid, username: wearer.input.username }, wearers: [{ id: wearer.user.uid, username: wearer.input.username }] },
    });
    expect(await session(accepted.cookie)).toEqual(accepted.session);
    const told = mailsTo(wearer.input.email).at(-1);
    expect(told?.subject).toContain(helper.name);
    expect(told?.text).toContain(`Remove ${helper.name}`);
    expect((await helpersOf(wearer.cookie))[0]).toMatchObject({ status: 'active', acceptedAt: expect.any(String) });

    // The link works once.
    const again = await send('POST', '/api/helper-invitations/accept', { token, name: 'Someone', password: helper.password, confirmPassword: helper.password });
    expect(again.status).toBe(410);
    expect(again.json).toEqual({ message: helperMessages.invitationUsed });
    // The helper works on the wearer's faces with the wearer's address, as the wearer's own browser would.
    const listed = await face(accepted.cookie, 'POST', 'get_all_faces', { email: wearer.input.email });
    expect(listed.statusCode, listed.body).toBe(200);
  });

  it("writes the invitation's subject in the portal's own words, in English and Hindi; the wearer's name is only in the body (issue #34)", async () => {
    const wearer = await signedInUser(t, { username: 'Your bank account is locked' });
    const english = uninvitedHelper();
    expect((await send('POST', '/api/helpers', { name: english.name, email: english.email }, wearer.cookie)).status).toBe(201);
    const [mail] = mailsTo(english.email);
    expect(mail?.subject).toBe('You are invited to be a SEVA helper');
    expect(mail?.text).toContain(`${wearer.input.username} uses SEVA smart glasses and asks you to be their helper`);

    const hindi = uninvitedHelper();
    expect((await send('POST', '/api/helpers', { name: hindi.name, email: hindi.email }, `${wearer.cookie}; ${LOCALE_COOKIE}=hi`)).status).toBe(201);
    const [inHindi] = mailsTo(hindi.email);
    expect(inHindi?.subject).toBe('आपको SEVA सहायक बनने के लिए आमंत्रित किया गया है');
    expect(inHindi?.text).toContain(wearer.input.username);
  });

  it("tells a helper's browser only what a helper may see of the wearer, in the session check and every sign-in (issue #34)", async () => {
    const { wearer, helper, cookie, session: accepted } = await wearerWithHelper(t);
    // The wearer's name, the address the face calls name, and the calling code a blank emergency contact starts in.
    const seen = { uid: wearer.user.uid, username: wearer.input.username, email: wearer.input.email, countryCode: wearer.input.countryCode };
    expect((await session(cookie)).user).toEqual(seen);
    expect((accepted as Probe).user).toEqual(seen);
    const signIn = await send('POST', '/api/auth/helper/sign-in', { email: helper.email, password: helper.password });
    expect((signIn.json as Probe).user).toEqual(seen);
    const chosen = await send('POST', '/api/helper/acting-for', { wearerId: wearer.user.uid }, cookie);
    expect((chosen.json as Probe).user).toEqual(seen);
    // What /api/profile refuses a helper, the session check does too; the wearer's own check keeps every field.
    expect((await send('GET', '/api/profile', undefined, cookie)).status).toBe(403);
    expect((await session(wearer.cookie)).user).toMatchObject({ license_id: wearer.input.licenseId, phone: expect.any(String), lastLoginTime: expect.any(String) });

    // The API's description shows both answers: a wearer's (or nobody's) and a helper's.
    type Shape = { required?: string[]; properties: Record<string, { anyOf?: Array<{ type?: string; properties?: Record<string, unknown> }> }> };
    const document = (await send('GET', '/api/openapi.json')).json as { paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: { oneOf?: Shape[]; anyOf?: Shape[] } }> }> } }> };
    const answer = document.paths['/api/auth/session']!.get.responses['200']!.content['application/json']!.schema;
    const shapes = answer.oneOf ?? answer.anyOf ?? [];
    const userFields = (shape: Shape | undefined) => Object.keys(shape?.properties.user?.anyOf?.find((option) => option.type === 'object')?.properties ?? {}).sort();
    expect(shapes).toHaveLength(2);
    expect(userFields(shapes.find((shape) => shape.required?.includes('helper')))).toEqual(['countryCode', 'email', 'uid', 'username']);
    expect(userFields(shapes.find((shape) => !shape.required?.includes('helper')))).toContain('license_id');
  });

  it('an existing helper account accepts with its password; several wearers are chosen between', async () => {
    const first = await wearerWithHelper(t);
    const second = await signedInUser(t);
    const { token } = await invitedHelper(t, second.cookie).then(async () => {
      // Re-invite the existing helper's address from the second wearer.
      const answer = await send('POST', '/api/helpers', { name: 'My neighbour', email: first.helper.email }, second.cookie);
      expect(answer.status).toBe(201);
      return { token: /helper\/accept\?token=([\w-]+)/.exec(mailsTo(first.helper.email).at(-1)!.text)![1]! };
    });
    expect((await send('POST', '/api/helper-invitations/inspect', { token })).json).toMatchObject({ hasAccount: true, helperName: 'My neighbour' });
    const wrong = await send('POST', '/api/helper-invitations/accept', { token, password: 'Not-The-Password1!' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: messages.invalidCredentials });
    expect((await helpersOf(second.cookie)).find((h) => h.email === first.helper.email)?.status).toBe('invited');

    const accepted = await send('POST', '/api/helper-invitations/accept', { token, password: first.helper.password });
    expect(accepted.status, accepted.text).toBe(200);
    expect((accepted.json as Probe).helper.actingFor?.id).toBe(second.user.uid);

    // Signing in again: two wearers, none chosen yet; the private routes wait for a choice.
    const signIn = await send('POST', '/api/auth/helper/sign-in', { email: first.helper.email, password: first.helper.password });
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers['set-cookie']![0]).split(';')[0]!;
    const probe = signIn.json as Probe;
    expect(probe.user).toBeNull();
    expect(probe.helper.actingFor).toBeNull();
    expect(probe.helper.wearers.map((w) => w.id).sort()).toEqual([first.wearer.user.uid, second.user.uid].sort());
    const waiting = await send('GET', '/api/contacts', undefined, cookie);
    expect(waiting.status).toBe(403);
    expect(waiting.json).toMatchObject({ message: helperMessages.chooseWearer });
    const chosen = await send('POST', '/api/helper/acting-for', { wearerId: first.wearer.user.uid }, cookie);
    expect((chosen.json as Probe).helper.actingFor?.id).toBe(first.wearer.user.uid);
    expect((await send('GET', '/api/contacts', undefined, cookie)).status).toBe(200);
    // Never a wearer the helper does not help.
    const stranger = await signedInUser(t);
    expect((await send('POST', '/api/helper/acting-for', { wearerId: stranger.user.uid }, cookie)).status).toBe(403);
  });

  it('declined, cancelled and expired invitations say so and cannot be accepted', async () => {
    const wearer = await signedInUser(t);
    const declined = await invitedHelper(t, wearer.cookie);
    expect((await send('POST', '/api/helper-invitations/decline', { token: declined.token })).status).toBe(204);
    expect((await send('POST', '/api/helper-invitations/inspect', { token: declined.token })).json).toEqual({ message: helperMessages.invitationDeclined });
    expect(mailsTo(wearer.input.email).at(-1)?.subject).toContain('declined');

    const cancelled = await invitedHelper(t, wearer.cookie);
    const id = (await helpersOf(wearer.cookie)).find((h) => h.email === cancelled.helper.email)!.id;
    expect((await send('DELETE', `/api/helpers/${id}`, undefined, wearer.cookie)).status).toBe(204);
    const late = await send('POST', '/api/helper-invitations/accept', { token: cancelled.token, name: 'Late', password: cancelled.helper.password, confirmPassword: cancelled.helper.password });
    expect(late.status).toBe(410);
    expect(late.json).toEqual({ message: helperMessages.invitationCancelled });
    expect(await t.infrastructure.database.db.selectFrom('helper_accounts').select('id').where('email', '=', cancelled.helper.email).execute()).toEqual([]);

    const expiring = await invitedHelper(t, wearer.cookie);
    await t.infrastructure.database.db.updateTable('helper_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', expiring.helper.email).execute();
    const expired = await send('POST', '/api/helper-invitations/inspect', { token: expiring.token });
    expect(expired.status).toBe(410);
    expect(expired.json).toEqual({ message: helperMessages.invitationExpired });
    expect(await helpersOf(wearer.cookie)).toEqual([]);
    // The address is free again for a new invitation.
    expect((await send('POST', '/api/helpers', { name: expiring.helper.name, email: expiring.helper.email }, wearer.cookie)).status).toBe(201);
    // A forged token is not found.
    expect((await send('POST', '/api/helper-invitations/inspect', { token: 'forged-token-forged-token-forged-token-12' })).json).toEqual({ message: helperMessages.invitationInvalid });
  });

  it('refuses a sixth helper, the wearer’s own address and an address already invited or helping', async () => {
    const { wearer, helper } = await wearerWithHelper(t);
    for (let i = 0; i < 4; i += 1) await invitedHelper(t, wearer.cookie);
    const { name, email } = uninvitedHelper();
    const sixth = await send('POST', '/api/helpers', { name, email }, wearer.cookie);
    expect(sixth.status).toBe(409);
    expect(sixth.json).toEqual({ message: helperMessages.tooMany });
    const [open] = (await helpersOf(wearer.cookie)).filter((h) => h.status === 'invited');
    expect((await send('DELETE', `/api/helpers/${open!.id}`, undefined, wearer.cookie)).status).toBe(204);

    const own = await send('POST', '/api/helpers', { name: 'Me', email: wearer.input.email.toUpperCase() }, wearer.cookie);
    expect(own.json).toEqual({ message: helperMessages.ownAddress, field: 'email' });
    const helping = await send('POST', '/api/helpers', { name: 'Again', email: helper.email }, wearer.cookie);
    expect(helping.json).toEqual({ message: alreadyHelping(helper.email), field: 'email' });
    const pending = (await helpersOf(wearer.cookie)).find((h) => h.status === 'invited')!;
    const twice = await send('POST', '/api/helpers', { name: 'Twice', email: pending.email }, wearer.cookie);
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual({ message: alreadyInvited(pending.email), field: 'email' });
    expect(await helpersOf(wearer.cookie)).toHaveLength(4);
  });

  it('two invitations sent at once at four helpers: one is sent, the other refused', async () => {
    const wearer = await signedInUser(t);
    for (let i = 0; i < 4; i += 1) await invitedHelper(t, wearer.cookie);
    const both = await Promise.all([uninvitedHelper(), uninvitedHelper()].map(({ name, email }) => send('POST', '/api/helpers', { name, email }, wearer.cookie)));
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await helpersOf(wearer.cookie)).toHaveLength(5);
  });

  it('removing a helper takes effect on their next request, says so, and tells them', async () => {
    const { wearer, helper, cookie } = await wearerWithHelper(t);
    expect((await send('GET', '/api/contacts', undefined, cookie)).status).toBe(200);
    const id = (await helpersOf(wearer.cookie))[0]!.id;
    expect((await send('DELETE', `/api/helpers/${id}`, undefined, wearer.cookie)).status).toBe(204);
    const replay = await send('PUT', '/api/contacts', { primary: { name: 'Mallory', countryCode: '+44', phoneNumber: '7700900123' } }, cookie);
    expect(replay.status).toBe(403);
    expect(replay.json).toMatchObject({ message: noLongerHelping(wearer.input.username) });
    expect((await send('GET', '/api/contacts', undefined, wearer.cookie)).json).toEqual({ contacts: [] });
    const probe = await session(cookie);
    expect(probe).toMatchObject({ user: null, helper: { actingFor: null, ended: { username: wearer.input.username }, wearers: [] } });
    expect(mailsTo(helper.email).at(-1)?.subject).toBe(`You no longer help ${wearer.input.username} on SEVA`);
    expect(await helpersOf(wearer.cookie)).toEqual([]);
  });

  it('records what a helper does as done by them: faces (with the consent they gave) and contacts, in the wearer’s activity', { timeout: 120_000 }, async () => {
    const { wearer, helper, cookie } = await wearerWithHelper(t);
    const faceId = randomUUID();
    const stored = await face(cookie, 'POST', 'store_face', { email: wearer.input.email, name: 'Amy', face_id: faceId, file: new Blob([onePersonPhoto()], { type: 'image/jpeg' }) });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ consent_by: helper.name });
    const renamed = await face(cookie, 'PUT', 'update_face_name', { email: wearer.input.email, name: 'Amy', updated_name: 'Amy Farrah', face_id: faceId });
    expect(renamed.statusCode).toBe(200);
    const saved = await send('PUT', '/api/contacts', { primary: { name: 'Carol', countryCode: '+44', phoneNumber: '7700900123' } }, cookie);
    expect(saved.status).toBe(200);
    const listed = await face(wearer.cookie, 'POST', 'get_all_faces', { email: wearer.input.email });
    expect(listed.json()).toEqual([expect.objectContaining({ name: 'Amy Farrah', consent_by: helper.name })]);
    expect((await face(cookie, 'DELETE', 'delete_face', { email: wearer.input.email, face_id: faceId })).statusCode).toBe(200);

    const events = ((await send('GET', '/api/activity', undefined, wearer.cookie)).json as { events: ActivityEvent[] }).events;
    expect(events.slice(0, 4).map((e) => [e.label, e.helper])).toEqual([
      [`Face deleted by ${helper.name}: Amy Farrah`, helper.name],
      [`Emergency contacts changed by ${helper.name}`, helper.name],
      [`Face renamed by ${helper.name}: Amy → Amy Farrah`, helper.name],
      [`Face added by ${helper.name}: Amy`, helper.name],
    ]);
    // The wearer's own events name no helper.
    expect(events.find((e) => e.kind === 'signed-in')).toMatchObject({ label: 'Signed in', helper: null });
    // A helper never reads the wearer's activity.
    expect((await send('GET', '/api/activity', undefined, cookie)).status).toBe(403);
  });

  it('the data download lists the helpers in helpers.json with when each was invited, accepted and removed', async () => {
    const { wearer, helper } = await wearerWithHelper(t);
    const open = await invitedHelper(t, wearer.cookie);
    const id = (await helpersOf(wearer.cookie)).find((h) => h.email === helper.email)!.id;
    await send('DELETE', `/api/helpers/${id}`, undefined, wearer.cookie);
    const answer = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: { cookie: wearer.cookie } });
    expect(answer.statusCode).toBe(200);
    const files = await zipEntries(answer.rawPayload);
    const helpers = JSON.parse(files.get('helpers.json')!.toString()).helpers;
    expect(helpers).toEqual([
      { name: helper.name, email: helper.email, status: 'removed', invited_at: expect.any(String), accepted_at: expect.any(String), ended_at: expect.any(String) },
      { name: open.helper.name, email: open.helper.email, status: 'invited', invited_at: expect.any(String), accepted_at: null, ended_at: null },
    ]);
    expect(files.get('index.html')!.toString()).toContain('helpers.json');
  });

  it('deleting the wearer’s account ends every helper link and tells the helpers', async () => {
    const { wearer, helper, cookie } = await wearerWithHelper(t);
    const deleted = await send('POST', '/api/account/delete', { password: wearer.input.password }, wearer.cookie);
    expect(deleted.status, deleted.text).toBe(200);
    expect(mailsTo(helper.email).at(-1)?.subject).toBe(`${wearer.input.username} deleted their SEVA account`);
    expect((await links()).filter((l) => l.wearer_id === wearer.user.uid)).toEqual([]);
    expect((await send('GET', '/api/contacts', undefined, cookie)).status).toBe(403);
    expect(await session(cookie)).toMatchObject({ user: null, helper: { actingFor: null, wearers: [] } });
  });

  it('deleting a helper account ends its links, tells those wearers and signs the helper out', async () => {
    const { wearer, helper, cookie } = await wearerWithHelper(t);
    const wrong = await send('DELETE', '/api/helper/account', { password: 'Wrong-Password1!' }, cookie);
    expect(wrong.status).toBe(401);
    expect((await send('DELETE', '/api/helper/account', { password: helper.password }, cookie)).status).toBe(204);
    expect(mailsTo(wearer.input.email).at(-1)?.text).toContain(`${helper.name} deleted their helper account`);
    expect(await helpersOf(wearer.cookie)).toEqual([]);
    expect((await send('GET', '/api/contacts', undefined, cookie)).status).toBe(401);
    const signIn = await send('POST', '/api/auth/helper/sign-in', { email: helper.email, password: helper.password });
    expect(signIn.status).toBe(401);
  });

  it('“Stop helping” ends the link from the helper’s side and tells the wearer', async () => {
    const { wearer, helper, cookie } = await wearerWithHelper(t);
    expect((await send('DELETE', `/api/helper/wearers/${wearer.user.uid}`, undefined, cookie)).status).toBe(204);
    expect(mailsTo(wearer.input.email).at(-1)?.subject).toBe(`${helper.name} no longer helps you on SEVA`);
    expect(await helpersOf(wearer.cookie)).toEqual([]);
    expect((await send('GET', '/api/contacts', undefined, cookie)).status).toBe(403);
    // The helper's own account still works.
    expect((await send('PUT', '/api/helper/password', { currentPassword: helper.password, newPassword: 'Amber-Falcon8#Rope', confirmPassword: 'Amber-Falcon8#Rope' }, cookie)).status).toBe(204);
  });

  it('signs a helper in and out, resets a forgotten password by e-mail, and keeps helpers off their own routes otherwise', async () => {
    const { wearer, helper, cookie } = await wearerWithHelper(t);
    expect((await send('POST', '/api/auth/sign-out', undefined, cookie)).status).toBe(204);
    expect((await send('GET', '/api/contacts', undefined, cookie)).status).toBe(401);
    expect((await send('POST', '/api/auth/helper/sign-in', { email: helper.email, password: 'Wrong-Password1!' })).json).toEqual({ message: messages.invalidCredentials });

    expect((await send('POST', '/api/auth/helper/forgot-password', { email: helper.email })).status).toBe(200);
    expect((await send('POST', '/api/auth/helper/forgot-password', { email: 'nobody-here@example.com' })).status).toBe(200);
    const token = /helper\/reset-password\?token=([\w-]+)/.exec(mailsTo(helper.email).at(-1)!.text)![1]!;
    const password = 'Copper-Meadow5$Tide';
    expect((await send('POST', '/api/auth/helper/reset-password', { token, password, confirmPassword: password })).status).toBe(200);
    expect((await send('POST', '/api/auth/helper/reset-password', { token, password, confirmPassword: password })).json).toEqual({ message: messages.linkInvalid });
    const signIn = await send('POST', '/api/auth/helper/sign-in', { email: helper.email, password });
    expect(signIn.status).toBe(200);
    expect((signIn.json as Probe).helper.actingFor?.id).toBe(wearer.user.uid);
    // The wearer signing in on the helper's browser ends the helper's session there: one browser, one person.
    const helperCookie = String(signIn.headers['set-cookie']![0]).split(';')[0]!;
    expect((await send('POST', '/api/auth/sign-in', { licenseId: wearer.input.licenseId, password: wearer.input.password }, helperCookie)).status).toBe(200);
    expect((await send('GET', '/api/contacts', undefined, helperCookie)).status).toBe(401);
    // A wearer cannot use a helper's own routes; nobody without a session can.
    expect((await send('PUT', '/api/helper/password', {}, wearer.cookie)).json).toEqual({ message: helperMessages.helperOnly });
    expect((await send('PUT', '/api/helper/password', {})).status).toBe(401);
  });

  it('housekeeping expires invitations, and purges spent ones and ended helper sessions', async () => {
    const wearer = await signedInUser(t);
    const { helper } = await invitedHelper(t, wearer.cookie);
    const { db } = t.infrastructure.database;
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString();
    await db.updateTable('helper_links').set({ expires_at: longAgo }).where('email', '=', helper.email).execute();
    await t.services.housekeeping.run();
    expect((await db.selectFrom('helper_links').select('status').where('email', '=', helper.email).executeTakeFirst())?.status).toBe('expired');
    await db.updateTable('helper_links').set({ ended_at: longAgo }).where('email', '=', helper.email).execute();
    const removed = await t.services.housekeeping.run();
    expect(removed.helper_links).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('helper_links').select('id').where('email', '=', helper.email).execute()).toEqual([]);
  });
});
