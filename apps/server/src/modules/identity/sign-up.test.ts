import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, tokenFromMail, type TestApp } from '../../testing/test-app.ts';

/** The text a PNG data-URL QR code holds. */
async function readQr(dataUrl: string): Promise<string | undefined> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe.each(engines)('sign-up on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const signUp = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
  const userRows = (where: { email?: string; licenseKey?: string }) => {
    let query = t.infrastructure.database.db.selectFrom('users').selectAll();
    if (where.email) query = query.where('email', '=', where.email);
    if (where.licenseKey) query = query.where('license_key', '=', where.licenseKey);
    return query.execute();
  };

  it('creates the user unverified and signed out, with the product §3 defaults', async () => {
    const input = newUserInput();
    const res = await signUp(input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Verification Sent' });
    expect(res.headers['set-cookie']).toBeUndefined();

    const [user] = await userRows({ email: input.email });
    expect(user).toMatchObject({
      email: input.email,
      username: input.username,
      phone: `+1${input.phoneNumber}`,
      license_id: input.licenseId,
      is_active: 1,
      is_verified: 0,
      is_logged_in: 0,
      role: 'user',
      access_level: 1,
      version: '1.0',
      last_login_time: null,
      last_login_device: null,
    });
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    expect(user!.password_hash).not.toContain(input.password);
    expect(Number.isNaN(Date.parse(user!.created_at))).toBe(false);
  });

  it("stores the identity QR as a PNG data URL of 'ID:<license id>,Email:<email>,Version:1.0'", async () => {
    const input = newUserInput();
    await signUp(input);
    const [user] = await userRows({ email: input.email });
    expect(user!.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(await readQr(user!.qr_code!)).toBe(`ID:${input.licenseId},Email:${input.email},Version:1.0`);
  });

  it('creates the sos_face document with no emergency contacts', async () => {
    const input = newUserInput();
    await signUp(input);
    const [user] = await userRows({ email: input.email });
    const sos = await t.infrastructure.database.db.selectFrom('sos_face').selectAll().where('user_id', '=', user!.uid).execute();
    expect(sos).toHaveLength(1);
    expect(sos[0]).toMatchObject({ email: input.email });
    expect(JSON.parse(sos[0]!.emergency_contacts)).toEqual([]);
  });

  it('sends a verification e-mail with a link to the portal', async () => {
    const input = newUserInput();
    const before = t.mails.length;
    await signUp(input);
    expect(t.mails).toHaveLength(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(input.email);
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.text).toContain(`${t.config.publicUrl}/verify-email?token=`);
    expect(mail.html).toContain(`${t.config.publicUrl}/verify-email?token=`);
    expect(tokenFromMail([mail], 'verify-email')).toMatch(/^[\w-]{40,}$/);
  });

  it('stores the e-mail trimmed and in lower case', async () => {
    const input = newUserInput();
    await signUp({ ...input, email: `  ${input.email.toUpperCase()} ` });
    expect(await userRows({ email: input.email })).toHaveLength(1);
  });

  it("refuses an e-mail already registered: 'Email already registered'", async () => {
    const first = newUserInput();
    await signUp(first);
    const res = await signUp(newUserInput({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already registered', field: 'email' });
    expect(await userRows({ email: first.email })).toHaveLength(1);
  });

  it("refuses a license ID already registered, in any case or spacing: 'License ID already registered'", async () => {
    const first = newUserInput();
    await signUp(first);
    for (const licenseId of [first.licenseId, ` ${first.licenseId.toLowerCase()} `, first.licenseId.toUpperCase()]) {
      const res = await signUp(newUserInput({ licenseId }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'License ID already registered', field: 'licenseId' });
    }
    expect(await userRows({ licenseKey: first.licenseId.toLowerCase() })).toHaveLength(1);
  });

  it.each(['Password1!', 'Qwerty123!', 'Abcd1234!'])("refuses the guessable password %s: 'Password too weak'", async (password) => {
    const input = newUserInput({ password, confirmPassword: password });
    const res = await signUp(input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password too weak', field: 'password' });
    expect(await userRows({ email: input.email })).toHaveLength(0);
  });

  it("refuses a password built from the user's own license ID: 'Password too weak'", async () => {
    const input = newUserInput();
    const password = `${input.licenseId}a!`;
    const res = await signUp({ ...input, password, confirmPassword: password });
    expect(res.json()).toEqual({ message: 'Password too weak', field: 'password' });
  });

  it.each([
    ['username', '', 'Username required'],
    ['username', 'ab', 'Minimum 3 characters'],
    ['email', '', 'Email required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', 'asha@example', 'Invalid email address'],
    ['countryCode', '', 'Required'],
    ['countryCode', '+999', 'Required'],
    ['phoneNumber', '', 'Phone required'],
    ['phoneNumber', '202-555-O123', 'Invalid phone number'],
    ['phoneNumber', '202555012', 'Please enter exactly 10 digits for USA'],
    ['licenseId', '', 'License ID required'],
    ['password', '', 'Password required'],
    ['password', 'Ab1!xyz', 'Minimum 8 characters'],
    ['password', 'lowercase1!', 'Must include uppercase, lowercase, number & symbol'],
    ['confirmPassword', '', 'Confirmation required'],
    ['confirmPassword', 'Different-Cactus9!', 'Passwords must match'],
  ])('re-checks %s = %j on the server: %s', async (field, value, message) => {
    const input = newUserInput({ [field]: value });
    const res = await signUp(input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
  });

  it("re-checks Malaysia's lengths: 8, 9 or 10 digits", async () => {
    const res = await signUp(newUserInput({ countryCode: '+60', phoneNumber: '12345678901' }));
    expect(res.json()).toEqual({ message: 'Phone number must be 8, 9 or 10 digits for Malaysia', field: 'phoneNumber' });
    const ok = await signUp(newUserInput({ countryCode: '+60', phoneNumber: '123456789' }));
    expect(ok.statusCode).toBe(201);
  });

  it('accepts a 128-character password', async () => {
    const password = `Zq7!${'kX9#mW2$'.repeat(15)}vB3&`;
    expect(password).toHaveLength(128);
    const res = await signUp(newUserInput({ password, confirmPassword: password }));
    expect(res.statusCode).toBe(201);
  });

  it('lets exactly one of 20 simultaneous sign-ups with one license ID through', async () => {
    const licenseId = newUserInput().licenseId;
    const results = await Promise.all(Array.from({ length: 20 }, () => signUp(newUserInput({ licenseId }))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const res of results.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'License ID already registered', field: 'licenseId' });
    }
    expect(await userRows({ licenseKey: licenseId.toLowerCase() })).toHaveLength(1);
  });

  it('lets exactly one of 20 simultaneous sign-ups with one e-mail through', async () => {
    const email = newUserInput().email;
    const results = await Promise.all(Array.from({ length: 20 }, () => signUp(newUserInput({ email }))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const res of results.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      // The pre-check says 'Email already registered'; a request that loses the race at the unique index says 'Email already in use' (both product §8).
      expect(['Email already registered', 'Email already in use']).toContain(res.json().message);
      expect(res.json().field).toBe('email');
    }
    expect(await userRows({ email })).toHaveLength(1);
  });
});

describe.each(engines)('sign-up when the verification e-mail cannot be sent, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { mailer: { send: () => Promise.reject(new Error('SMTP connection refused')) } });
  });
  afterAll(() => t.close());

  it("answers 'Registration failed' and leaves no account behind, so the user can try again", async () => {
    const input = newUserInput();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Registration failed' });
    expect(res.body).not.toContain('SMTP');
    const db = t.infrastructure.database.db;
    expect(await db.selectFrom('users').selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom('sos_face').selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom('auth_tokens').selectAll().execute()).toHaveLength(0);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    expect(again.json()).toEqual({ message: 'Registration failed' });
  });
});
