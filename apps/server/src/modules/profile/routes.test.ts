import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

/** The text a PNG data-URL QR code holds, read the way a scanner would. */
async function decodeQr(dataUrl: string): Promise<string | undefined> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe.each(engines)('/api/profile on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const patch = (cookie: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: payload as object });

  it('answers 401 without a session', async () => {
    for (const request of [{ method: 'GET' as const }, { method: 'PATCH' as const, payload: { username: 'Asha' } }]) {
      const res = await t.app.inject({ ...request, url: '/api/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    }
  });

  it('shows the user record with an identity QR that scans to ID, Email and Version', async () => {
    const { cookie, input } = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { user } = res.json();
    expect(user).toMatchObject({
      username: input.username,
      email: input.email,
      phone: `${input.countryCode}${input.phoneNumber}`,
      license_id: input.licenseId,
      role: 'user',
      accessLevel: 1,
      version: '1.0',
    });
    expect(user).not.toHaveProperty('password_hash');
    expect(await decodeQr(user.QRCode)).toBe(`ID:${input.licenseId},Email:${input.email},Version:1.0`);
  });

  it('makes and stores the QR when the record has none', async () => {
    const { cookie, input, user } = await signedInUser(t);
    await t.infrastructure.database.db.updateTable('users').set({ qr_code: null }).where('uid', '=', user.uid).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(await decodeQr(res.json().user.QRCode)).toBe(`ID:${input.licenseId},Email:${input.email},Version:1.0`);
    const row = await t.infrastructure.database.db.selectFrom('users').select('qr_code').where('uid', '=', user.uid).executeTakeFirstOrThrow();
    expect(row.qr_code).toBe(res.json().user.QRCode);
  });

  it('changes the username, trimmed, and keeps it', async () => {
    const { cookie, input } = await signedInUser(t);
    const res = await patch(cookie, { username: '  Asha Rao  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Username updated successfully.');
    expect(res.json().user).toMatchObject({ username: 'Asha Rao', email: input.email, license_id: input.licenseId });
    const again = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(again.json().user.username).toBe('Asha Rao');
  });

  it('changes the phone and the QR still scans to the same identity, remade when missing', async () => {
    const { cookie, input, user } = await signedInUser(t);
    await t.infrastructure.database.db.updateTable('users').set({ qr_code: null }).where('uid', '=', user.uid).execute();
    const res = await patch(cookie, { phone: '+44 20 7946 0958' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Phone updated successfully.');
    expect(res.json().user.phone).toBe('+442079460958');
    expect(await decodeQr(res.json().user.QRCode)).toBe(`ID:${input.licenseId},Email:${input.email},Version:1.0`);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters.', 'username'],
    [{ username: '     ' }, 'Username must be at least 3 characters.', 'username'],
    [{ username: 'x'.repeat(51) }, 'Maximum 50 characters', 'username'],
    [{ phone: '2025550123' }, 'Please enter a valid phone number.', 'phone'],
    [{ phone: '+12ab' }, 'Please enter a valid phone number.', 'phone'],
    [{ email: 'other@example.com' }, 'Email and license ID are not editable.', 'email'],
    [{ license_id: 'LIC-OTHER' }, 'Email and license ID are not editable.', 'license_id'],
    [{ username: 'Asha', email: 'other@example.com' }, 'Email and license ID are not editable.', 'email'],
    [{ accessLevel: 9 }, 'Only username and phone can be edited.', 'accessLevel'],
    [{ username: 'Asha', phone: '+1234567890' }, 'Edit one field at a time: send either username or phone.', undefined],
    [{ username: 42 }, 'username must be text.', 'username'],
  ])('refuses %j with %j and changes nothing', async (payload, message, field) => {
    const { cookie, input } = await signedInUser(t);
    const res = await patch(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(field ? { message, field } : { message });
    const { user } = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();
    expect(user).toMatchObject({ username: input.username, email: input.email, license_id: input.licenseId, phone: `${input.countryCode}${input.phoneNumber}` });
  });

  it('edits only the signed-in user', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    await patch(a.cookie, { username: 'Changed By A' });
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: b.cookie } });
    expect(res.json().user.username).toBe(b.input.username);
  });
});
