import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { type ActivityEvent } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { injectTransport } from '../../../../../test-kit/transport.ts';
import { signUpBody, unregisteredUser } from '../../../../../test-kit/test-user.ts';
import { bearer, multipartForm, pairGlasses } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, tokenFromMail, type TestApp } from '../../testing/test-app.ts';
import { createActivityService } from './service.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(engines)('Recent activity on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => injectTransport(t.app)(method, url, body, { 'user-agent': FIREFOX, ...headers });
  const events = async (cookie: string) => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/activity', headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    return answer.json().events as ActivityEvent[];
  };
  const face = async (method: 'POST' | 'PUT' | 'DELETE', route: string, headers: Record<string, string>, fields: Record<string, string | Blob>) => {
    const form = await multipartForm(fields);
    const answer = await t.app.inject({ method, url: `/face-api/${route}`, headers: { ...form.headers, ...headers }, payload: form.payload });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it('notes each kind of event with what it concerns, when and from which browser or glasses, newest first, and nothing secret', { timeout: 120_000 }, async () => {
    const user = unregisteredUser();
    expect((await send('POST', '/api/auth/sign-up', signUpBody(user))).status).toBe(201);
    await send('POST', '/api/auth/verify-email', { token: tokenFromMail(t.mails, 'verify-email') }, { 'user-agent': SAFARI });
    expect((await send('POST', '/api/auth/sign-in', { licenseId: user.licenseId, password: 'Wrong-Password1!' })).status).toBe(401);
    await send('POST', '/api/auth/request-password-reset', { email: user.email });
    const newPassword = 'Violet-Harbour7&Kite';
    const reset = await send('POST', '/api/auth/reset-password', { token: tokenFromMail(t.mails, 'reset-password'), password: newPassword, confirmPassword: newPassword });
    expect(reset.status, reset.text).toBe(200);
    const signedIn = await send('POST', '/api/auth/sign-in', { licenseId: user.licenseId, password: newPassword });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const headers = { cookie, 'user-agent': FIREFOX };

    const faceId = randomUUID();
    const photo = new Blob([fs.readFileSync(faceFixture('single', 'neutral.jpg'))], { type: 'image/jpeg' });
    await face('POST', 'store_face', headers, { email: user.email, name: 'Amy', face_id: faceId, file: photo });
    const glasses = await pairGlasses(t, cookie, 'Kitchen glasses', 'faces:read faces:write', newPassword);
    // The glasses rename it with their token: the event names them.
    await face('PUT', 'update_face_name', bearer(glasses.token), { email: user.email, name: 'Amy', updated_name: 'Amy Farrah', face_id: faceId });
    await face('DELETE', 'delete_face', headers, { email: user.email, face_id: faceId });
    const contacts = await send('PUT', '/api/contacts', { primary: { name: 'Carol', countryCode: '+44', phoneNumber: '7700900123' } }, { cookie });
    expect(contacts.status).toBe(200);
    expect((await send('POST', '/api/account/export', undefined, { cookie })).status).toBe(200);
    expect((await send('DELETE', `/api/devices/${glasses.deviceId}`, undefined, { cookie })).status).toBe(200);

    const listed = await events(cookie);
    expect(listed.map((e) => [e.label, e.device])).toEqual([
      ['Glasses unpaired: Kitchen glasses', 'Firefox on Windows 10'],
      ['Data downloaded', 'Firefox on Windows 10'],
      ['Emergency contacts changed', 'Firefox on Windows 10'],
      ['Face deleted: Amy Farrah', 'Firefox on Windows 10'],
      ['Face renamed: Amy → Amy Farrah', 'Kitchen glasses'],
      // Allowed on /pair by the test kit's request, which names no browser.
      ['Glasses paired: Kitchen glasses', 'Unknown browser on unknown system'],
      ['Face added: Amy', 'Firefox on Windows 10'],
      ['Signed in', 'Firefox on Windows 10'],
      ['Password changed', 'Firefox on Windows 10'],
      ['1 wrong password from Firefox on Windows 10', 'Firefox on Windows 10'],
      ['Email verified', 'Safari on iOS'],
    ]);
    for (let i = 1; i < listed.length; i += 1) expect(listed[i - 1]!.at >= listed[i]!.at).toBe(true);

    const stored = JSON.stringify(await t.infrastructure.database.db.selectFrom('activity_events').selectAll().execute());
    for (const secret of [user.password, newPassword, cookie.split('=')[1]!, glasses.token, 'Carol']) expect(stored).not.toContain(secret);
  });

  it('shows the newest 20 and keeps 90 days: older events are never listed and housekeeping purges them', async () => {
    const user = unregisteredUser();
    await send('POST', '/api/auth/sign-up', signUpBody(user));
    await send('POST', '/api/auth/verify-email', { token: tokenFromMail(t.mails, 'verify-email') });
    const signedIn = await send('POST', '/api/auth/sign-in', { licenseId: user.licenseId, password: user.password });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const uid = (signedIn.json as { user: { uid: string } }).user.uid;

    const { db } = t.infrastructure.database;
    const at = (daysAgo: number) => createActivityService({ db, now: () => new Date(Date.now() - daysAgo * DAY_MS) });
    await at(91).record(uid, 'wrong-password', 'Old browser on old system');
    await at(89).record(uid, 'face-added', 'Kept browser on kept system');
    expect((await events(cookie)).map((e) => e.device)).not.toContain('Old browser on old system');
    expect((await events(cookie)).map((e) => e.device)).toContain('Kept browser on kept system');

    const removed = await t.services.housekeeping.run();
    expect(removed.activity_events).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('activity_events').select('device').where('user_id', '=', uid).execute();
    expect(left.map((row) => row.device)).toContain('Kept browser on kept system');
    expect(left.map((row) => row.device)).not.toContain('Old browser on old system');

    for (let i = 0; i < 25; i += 1) await at(0).record(uid, 'signed-in', `Browser ${i} on test`);
    const shown = await events(cookie);
    expect(shown).toHaveLength(20);
    expect(shown[0]?.device).toBe('Browser 24 on test');
  });

  it('needs a session: 401 without one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });
});
