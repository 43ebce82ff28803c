import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { accountMessages, longDate, messages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../../../test-kit/sign-up-flow.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { buildApp } from '../../app.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { multipartForm, pairGlasses } from '../../testing/paired-glasses.ts';
import { storeFacesDirectly, type StoredFace } from '../../testing/stored-faces.ts';
import { tablesMentioning } from '../../testing/table-scan.ts';
import { createTestApp, engines, injectedPortal, newUserInput, signedInUser, tokenFromMail, type TestApp } from '../../testing/test-app.ts';
import { RESTORE_ENDED } from '../identity/closures.ts';
import { ACCOUNT_DELETED_SUBJECT } from './emails.ts';

const photo = () => fs.readFileSync(faceFixture('single', 'neutral.jpg'));
const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

/** A user with everything an account can hold: two browsers, faces, contacts, glasses, a wrong password, a reset link. */
async function fullAccount(t: TestApp) {
  const user = await signedInUser(t);
  const secondBrowser = (await signIn(injectedPortal(t).send, user.input)).cookie;
  const faces = await storeFacesDirectly({ db: t.infrastructure.database.db, blobs: t.infrastructure.blobs }, user.user.uid, [
    { name: unique('Amy'), image: photo(), mime: 'image/jpeg' },
    { name: unique('Ben'), image: photo(), mime: 'image/jpeg' },
  ]);
  const contactName = unique('Carol');
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/contacts',
    headers: { cookie: user.cookie },
    payload: { primary: { name: contactName, countryCode: '+44', phoneNumber: '7700900123' } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const glassesName = unique('Glasses');
  const glasses = await pairGlasses(t, user.cookie, glassesName);
  // A wrong password and a reset link leave rate-limit counters and a link naming the account.
  await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: user.input.licenseId, password: 'Wrong-Password1!' } });
  await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.input.email } });
  const needles = [user.user.uid, user.input.email, user.input.licenseId, user.input.username, contactName, glassesName, ...faces.flatMap((f) => [f.face_id, f.name])];
  return { ...user, secondBrowser, faces, glasses, needles };
}

/** The queue waits before retrying a deletion that failed (deletion-queue.ts); a test lets that time pass. */
const backOffPassed = (t: Pick<TestApp, 'infrastructure'>) => t.infrastructure.database.db.updateTable('blob_deletions').set({ retry_at: null }).execute();

const blobKeysOf = async (blobs: BlobStore, uid: string) => (await blobs.list()).map((blob) => blob.key).filter((key) => key.includes(uid));

describe.each(engines)('Delete my account on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const deleteAccount = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/account/delete', headers: cookie ? { cookie } : {}, payload: payload as Record<string, unknown> });
  const profile = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
  const image = (cookie: string, face: StoredFace) => t.app.inject({ method: 'GET', url: `/face-api/image/${face.face_id}`, headers: { cookie } });

  it("refuses a wrong password with 'Invalid password' and erases nothing", async () => {
    const user = await fullAccount(t);
    const wrong = await deleteAccount(user.cookie, { password: 'Not-My-Password9!' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: messages.invalidPassword, field: 'password' });
    expect((await deleteAccount(user.cookie, {})).json()).toMatchObject({ message: messages.passwordRequired, field: 'password' });
    expect((await deleteAccount(undefined, { password: user.input.password })).statusCode).toBe(401);

    expect((await profile(user.cookie)).statusCode).toBe(200);
    expect((await image(user.cookie, user.faces[0]!)).statusCode).toBe(200);
    expect(await blobKeysOf(t.infrastructure.blobs, user.user.uid)).toHaveLength(2);
    // What the scan below must find gone: the account is in these tables now.
    expect(Object.keys(await tablesMentioning(t.infrastructure.database, user.needles))).toEqual(
      expect.arrayContaining(['users', 'faces', 'sessions', 'devices', 'sos_face', 'rate_limits', 'auth_tokens', 'activity_events', 'face_sync_counters']),
    );
    // The wrong password is on the account's record for its owner to see.
    const events = (await t.app.inject({ method: 'GET', url: '/api/activity', headers: { cookie: user.cookie } })).json().events as Array<{ label: string }>;
    expect(events[0]?.label).toBe('2 wrong passwords from Unknown browser on unknown system');
  });

  const restoreAccount = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/restore-account', payload: { token } });
  const signInWith = (licenseId: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId, password } });
  const DAY_MS = 24 * 60 * 60 * 1000;

  it('closes the account at once: every session and glasses token ends, sign-in says Invalid credentials, and the e-mail offers the restore', async () => {
    const bystander = await fullAccount(t);
    const user = await fullAccount(t);
    const deleted = await deleteAccount(user.cookie, { password: user.input.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: accountMessages.accountDeleted });
    expect(String(deleted.headers['set-cookie'])).toMatch(/seva_session=;/);

    const mail = t.mails.at(-1);
    expect(mail).toMatchObject({ to: user.input.email, subject: ACCOUNT_DELETED_SUBJECT });
    expect(mail?.text).toContain(user.input.licenseId);
    expect(mail?.text).toContain('Restore my account: http');
    expect(mail?.text).toContain('no longer call your emergency contacts');
    expect(mail?.text).toContain("Until then, 'Restore my account' brings everything back");
    expect(mail?.text).not.toMatch(/register again/i);
    expect(mail?.text).toMatch(/Until \d{1,2} \w+ \d{4}, nobody can register your license ID again\. Only a new account with your e-mail address, once verified from your inbox, ends the restore sooner\./);

    // Every former session and the glasses' token: 401; the deletion replayed: 401.
    for (const cookie of [user.cookie, user.secondBrowser]) expect((await profile(cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: { authorization: `Bearer ${user.glasses.token}` } })).statusCode).toBe(401);
    expect((await deleteAccount(user.cookie, { password: user.input.password })).statusCode).toBe(401);
    const signInAgain = await signInWith(user.input.licenseId, user.input.password);
    expect(signInAgain.statusCode).toBe(401);
    expect(signInAgain.json().message).toBe(messages.invalidCredentials);
    // A reset cannot find it either.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.input.email } })).statusCode).toBe(404);
    expect((await profile(bystander.cookie)).statusCode).toBe(200);
  });

  it("'Restore my account' brings the faces, contacts and activity back, signed out; the link works once", async () => {
    const user = await fullAccount(t);
    expect((await deleteAccount(user.cookie, { password: user.input.password })).statusCode).toBe(200);
    const token = tokenFromMail(t.mails, 'restore-account');
    const restored = await restoreAccount(token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe(accountMessages.accountRestored);
    expect((await profile(user.cookie)).statusCode).toBe(401);
    expect((await restoreAccount(token)).json().message).toBe(messages.linkInvalid);

    const back = await signIn(injectedPortal(t).send, user.input);
    expect(back.user.uid).toBe(user.user.uid);
    for (const face of user.faces) expect((await image(back.cookie, face)).statusCode).toBe(200);
    const contacts = await t.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie: back.cookie } });
    expect(contacts.body).toContain(user.needles[5]!.startsWith('Carol') ? user.needles[5] : 'Carol');
    const events = (await t.app.inject({ method: 'GET', url: '/api/activity', headers: { cookie: back.cookie } })).json().events as Array<{ label: string }>;
    expect(events.map((e) => e.label)).toContain('Account restored');
    // The glasses were unpaired at the deletion: they pair again.
    expect((await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: back.cookie } })).json().devices).toEqual([]);
  });

  const signUp = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

  it('keeps the license ID for the 14 days: a sign-up naming it is refused with the dates, and the restore still works', async () => {
    const user = await fullAccount(t);
    expect((await deleteAccount(user.cookie, { password: user.input.password })).statusCode).toBe(200);
    const closure = await t.infrastructure.database.db.selectFrom('account_closures').selectAll().where('user_id', '=', user.user.uid).executeTakeFirstOrThrow();
    const again = await signUp(newUserInput({ licenseId: user.input.licenseId }));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ message: messages.licenseIdOfClosedAccount(longDate(closure.closed_at), longDate(closure.restore_until)), field: 'licenseId' });
    expect(again.json().message).toMatch(/^This license ID belongs to an account that was closed on \d{1,2} \w+ \d{4}\. It can be restored until \d{1,2} \w+ \d{4}\.$/);
    // In Hindi, with the days in Hindi.
    const hindi = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', headers: { 'accept-language': 'hi' }, payload: newUserInput({ licenseId: user.input.licenseId }) });
    expect(hindi.json().message).toMatch(/^यह लाइसेंस आईडी एक ऐसे खाते की है जो .+ को बंद किया गया था।/);
    // Whoever deleted the account with a stolen password cannot end the restore this way.
    expect((await restoreAccount(tokenFromMail(t.mails, 'restore-account'))).statusCode).toBe(200);
    expect((await signIn(injectedPortal(t).send, user.input)).user.uid).toBe(user.user.uid);
  });

  it('a sign-up with the e-mail, never verified, does not end the restore; the restore takes the e-mail back from it', async () => {
    const user = await fullAccount(t);
    expect((await deleteAccount(user.cookie, { password: user.input.password })).statusCode).toBe(200);
    const token = tokenFromMail(t.mails, 'restore-account');
    const squatter = newUserInput({ email: user.input.email });
    expect((await signUp(squatter)).statusCode).toBe(201);
    const squattersLink = tokenFromMail(t.mails, 'verify-email');

    await t.services.housekeeping.run();
    const restored = await restoreAccount(token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await signIn(injectedPortal(t).send, user.input)).user.uid).toBe(user.user.uid);
    // The sign-up that held the e-mail is gone, and its link with it.
    expect((await verify(squattersLink)).json().message).toBe(messages.linkInvalid);
    expect((await signInWith(squatter.licenseId, squatter.password)).json().message).toBe(messages.invalidCredentials);
  });

  it('a new account with the e-mail, verified from the inbox, ends the restore, and the final erase leaves no trace', async () => {
    const bystander = await fullAccount(t);
    const user = await fullAccount(t);
    expect((await deleteAccount(user.cookie, { password: user.input.password })).statusCode).toBe(200);
    const token = tokenFromMail(t.mails, 'restore-account');
    const newcomer = newUserInput({ email: user.input.email });
    expect((await signUp(newcomer)).statusCode).toBe(201);
    expect((await verify(tokenFromMail(t.mails, 'verify-email'))).statusCode).toBe(200);
    const ended = await restoreAccount(token);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(RESTORE_ENDED);

    await t.services.housekeeping.run();
    const needles = user.needles.filter((n) => n !== user.input.email);
    expect(await tablesMentioning(t.infrastructure.database, needles)).toEqual({});
    expect(await blobKeysOf(t.infrastructure.blobs, user.user.uid)).toEqual([]);
    expect(await t.services.blobDeletions.pending()).toBe(0);
    expect((await image(bystander.cookie, bystander.faces[0]!)).statusCode).toBe(200);

    // The erase freed the license ID; the new account is nobody's old one.
    expect((await signUp(newUserInput({ licenseId: user.input.licenseId }))).statusCode).toBe(201);
    const reborn = await signIn(injectedPortal(t).send, newcomer);
    for (const face of user.faces) expect((await image(reborn.cookie, face)).statusCode).toBe(404);
    expect(reborn.user.uid).not.toBe(user.user.uid);
  });

  it('keeps a closed account 14 days, then erases every record and picture; the link then fails', async () => {
    const user = await fullAccount(t);
    expect((await deleteAccount(user.cookie, { password: user.input.password })).statusCode).toBe(200);
    const token = tokenFromMail(t.mails, 'restore-account');
    expect(await t.services.account.purgeExpired(new Date(Date.now() + 13 * DAY_MS))).toEqual({ closed_accounts: 0 });
    expect(await blobKeysOf(t.infrastructure.blobs, user.user.uid)).toHaveLength(2);
    expect((await t.services.account.purgeExpired(new Date(Date.now() + 15 * DAY_MS))).closed_accounts).toBeGreaterThanOrEqual(1);
    expect(await tablesMentioning(t.infrastructure.database, user.needles)).toEqual({});
    expect(await blobKeysOf(t.infrastructure.blobs, user.user.uid)).toEqual([]);
    expect((await restoreAccount(token)).statusCode).toBe(400);
  });

  it.runIf(engine === 'sqlite')('leaves no folder of the erased account under DATA_DIR/blobs', async () => {
    const user = await fullAccount(t);
    const blobsDir = path.join(t.config.dataDir, 'blobs');
    const entriesNamingUser = () => fs.readdirSync(blobsDir, { recursive: true }).map(String).filter((entry) => entry.includes(user.user.uid));
    expect(entriesNamingUser()).not.toEqual([]);
    expect((await deleteAccount(user.cookie, { password: user.input.password })).statusCode).toBe(200);
    await t.services.account.purgeExpired(new Date(Date.now() + 15 * DAY_MS));
    expect(await blobKeysOf(t.infrastructure.blobs, user.user.uid)).toEqual([]);
    expect(entriesNamingUser()).toEqual([]);
  });

  it('erases a closed account once when two instances erase it at the same time, and never an open one', async () => {
    const open = await fullAccount(t);
    expect(await t.services.account.eraseClosedAccount(open.user.uid)).toBe(false);
    expect((await profile(open.cookie)).statusCode).toBe(200);
    const user = await fullAccount(t);
    expect((await deleteAccount(user.cookie, { password: user.input.password })).statusCode).toBe(200);
    const outcomes = await Promise.all([t.services.account.eraseClosedAccount(user.user.uid), t.services.account.eraseClosedAccount(user.user.uid)]);
    expect(outcomes.sort()).toEqual([false, true]);
    expect(await tablesMentioning(t.infrastructure.database, user.needles)).toEqual({});
  });

  it('leaves no orphan picture when it crashes between deleting the records and the pictures: the restarted server deletes them', async () => {
    const dedicated = await createTestApp(engine);
    const user = await fullAccount(dedicated);
    const { blobs } = dedicated.infrastructure;
    // The process dies after the transaction commits and before any picture is deleted.
    const realDelete = blobs.delete;
    blobs.delete = async () => {
      throw new Error('power cut');
    };
    const deleted = await dedicated.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: user.cookie }, payload: { password: user.input.password } });
    expect(deleted.statusCode).toBe(200);
    await dedicated.services.account.purgeExpired(new Date(Date.now() + 15 * 24 * 60 * 60 * 1000));
    expect(await blobKeysOf(blobs, user.user.uid)).toHaveLength(2);
    expect(await dedicated.services.blobDeletions.pending()).toBe(2);
    blobs.delete = realDelete;
    await backOffPassed(dedicated);
    await dedicated.app.close();

    // A new server on the same data: at start it runs housekeeping, which drains the queue (server.ts).
    const restarted = await buildApp(dedicated.config, { mailer: { send: async () => undefined } });
    try {
      await restarted.services.housekeeping.run();
      await restarted.services.account.purgeExpired(new Date(Date.now() + 15 * 24 * 60 * 60 * 1000));
      expect(await blobKeysOf(restarted.infrastructure.blobs, user.user.uid)).toEqual([]);
      expect(await restarted.services.blobDeletions.pending()).toBe(0);
      expect(await tablesMentioning(restarted.infrastructure.database, user.needles)).toEqual({});
    } finally {
      await restarted.app.close();
      await dedicated.close();
    }
  });

  it("deletes a single face's picture through the same queue: a failed deletion is retried, never forgotten", async () => {
    const user = await fullAccount(t);
    const [face] = user.faces;
    const { blobs } = t.infrastructure;
    const realDelete = blobs.delete;
    blobs.delete = async () => {
      throw new Error('disk full');
    };
    try {
      const form = await multipartForm({ email: user.input.email, face_id: face!.face_id });
      const answer = await t.app.inject({ method: 'DELETE', url: '/face-api/delete_face', headers: { ...form.headers, cookie: user.cookie }, payload: form.payload });
      expect(answer.statusCode, answer.body).toBe(200);
    } finally {
      blobs.delete = realDelete;
    }
    expect((await image(user.cookie, face!)).statusCode).toBe(404);
    expect((await blobs.list()).map((b) => b.key)).toContain(face!.imageKey);
    await backOffPassed(t);
    await t.services.housekeeping.run();
    expect((await blobs.list()).map((b) => b.key)).not.toContain(face!.imageKey);
    expect(await t.services.blobDeletions.pending()).toBe(0);
  });
});
