import { createHash } from 'node:crypto';
import { DEVICE_CODE_GRANT, deviceMessages, USER_CODE_ALPHABET } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type RateLimit } from '../../config.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { TEST_PASSWORD } from '../../../../../test-kit/test-user.ts';
import { answerCode, devicesServiceAt, pairGlasses, pollToken, requestDeviceCode, urlEncoded } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, relaxedLimits, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { PAIRED_SUBJECT } from './emails.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const symbol = `[${USER_CODE_ALPHABET}]`;
const USER_CODE = new RegExp(`^${symbol}{4}-${symbol}{4}$`);
const oauthError = (error: string) => ({ error, error_description: expect.any(String) });
const LOCAL = { ip: '127.0.0.1', userAgent: null };


/** How the glasses and /pair name an account: 'Asha, a••••@example.com'. */
const masked = ({ username, email }: { username: string; email: string }) => `${username}, ${email[0]}••••@${email.split('@')[1]}`;
describe.each(engines)('pairing the glasses (RFC 8628) on %s', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: 'https://seva.example' });
    owner = await signedInUser(t);
    other = await signedInUser(t);
  });
  afterAll(() => t.close());

  const db = () => t.infrastructure.database.db;
  const authorizationCount = async () => Number((await db().selectFrom('device_authorizations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const deviceCount = async () => Number((await db().selectFrom('devices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const listDevices = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().devices as Array<{ id: string; name: string; pairedAt: string; lastSeenAt: string | null }>;
  };
  const started = async (name = 'Hall glasses') => {
    const res = await requestDeviceCode(t, { device_name: name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { device_code: string; user_code: string };
  };
  /** The devices service as it would run `ms` from now. */
  const later = (ms: number) => devicesServiceAt(t, { offsetMs: ms });
  const userOf = async (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('gives the glasses a device code and a user code to say aloud, and keeps only the device code hash', async () => {
    const res = await requestDeviceCode(t, { device_name: 'Kitchen glasses' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['device_code', 'expires_in', 'interval', 'user_code', 'verification_uri', 'verification_uri_complete']);
    expect(body.user_code).toMatch(USER_CODE);
    expect(body).toMatchObject({
      verification_uri: 'https://seva.example/pair',
      verification_uri_complete: `https://seva.example/pair?code=${body.user_code}`,
      expires_in: 600,
      interval: 5,
    });
    const row = await db().selectFrom('device_authorizations').selectAll().where('user_code', '=', body.user_code.replace('-', '')).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_code_hash: sha256(body.device_code), device_name: 'Kitchen glasses', status: 'pending', user_id: null });
    expect(JSON.stringify(row)).not.toContain(body.device_code);
  });

  it('accepts JSON as well as a form, and names unnamed glasses "Unnamed glasses", not a product name', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', payload: { client_id: 'seva-glasses' } });
    expect(res.statusCode).toBe(200);
    const check = await answerCode(t, owner.cookie, 'check', res.json().user_code);
    expect(check.json().deviceName).toBe('Unnamed glasses');
    // /pair names the account the glasses will join as the glasses will say it.
    expect(check.json().account).toBe(masked(owner.input));
  });

  it.each([
    ['an unknown client', { client_id: 'toaster' }, 'invalid_client'],
    ['no client', { client_id: '' }, 'invalid_request'],
    ['a 61-character name', { device_name: 'x'.repeat(61) }, 'invalid_request'],
    ['a name with a control character', { device_name: 'Hall\u0007glasses' }, 'invalid_request'],
    ['a name that turns text around', { device_name: 'Hall \u202eglasses' }, 'invalid_request'],
  ])('refuses %s with 400 %s and stores nothing', async (_case, fields, error) => {
    const before = await authorizationCount();
    const res = await requestDeviceCode(t, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(oauthError(error));
    expect(await authorizationCount()).toBe(before);
  });

  it('refuses a repeated parameter, a body that is not a form or JSON object, and an oversized body, storing nothing', async () => {
    const before = await authorizationCount();
    const twice = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', payload: 'client_id=seva-glasses&client_id=seva-glasses', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([twice.statusCode, twice.json()]).toEqual([400, { error: 'invalid_request', error_description: 'client_id is repeated.' }]);
    const garbage = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', payload: '{not json', headers: { 'content-type': 'application/json' } });
    expect([garbage.statusCode, garbage.json()]).toEqual([400, oauthError('invalid_request')]);
    const list = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', payload: '[["client_id","seva-glasses"]]', headers: { 'content-type': 'application/json' } });
    expect([list.statusCode, list.json()]).toEqual([400, oauthError('invalid_request')]);
    const huge = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', ...urlEncoded({ client_id: 'seva-glasses', device_name: 'x'.repeat(70_000) }) });
    expect([huge.statusCode, huge.json()]).toEqual([413, { error: 'invalid_request', error_description: 'The request is too large.' }]);
    const number = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', payload: { client_id: 7 } });
    expect([number.statusCode, number.json()]).toEqual([400, { error: 'invalid_request', error_description: 'client_id must be text.' }]);
    expect(await authorizationCount()).toBe(before);
  });

  it('answers authorization_pending, then slow_down when polled faster than the interval, which then grows by 5 seconds', async () => {
    const { device_code: deviceCode } = await started();
    const first = await pollToken(t, deviceCode);
    expect([first.statusCode, first.json()]).toEqual([400, oauthError('authorization_pending')]);
    expect(first.headers['cache-control']).toBe('no-store');
    const fast = await pollToken(t, deviceCode);
    expect([fast.statusCode, fast.json()]).toEqual([400, { error: 'slow_down', error_description: 'Polling too fast: wait at least 10 seconds between requests.' }]);

    // 6 s later is within the new 10 s interval: slow_down again, now 15 s; 21 s later is on time.
    await expect(later(6_000).exchange({ grant_type: DEVICE_CODE_GRANT, client_id: 'seva-glasses', device_code: deviceCode }, '127.0.0.1')).rejects.toMatchObject({ details: { code: 'slow_down' } });
    await expect(later(21_000).exchange({ grant_type: DEVICE_CODE_GRANT, client_id: 'seva-glasses', device_code: deviceCode }, '127.0.0.1')).rejects.toMatchObject({
      details: { code: 'authorization_pending' },
    });
  });

  it('gives the token once the user allows, once: the code then answers invalid_grant, and only the token hash is kept', async () => {
    const { device_code: deviceCode, user_code: userCode } = await started('Garden glasses');
    const allowed = await answerCode(t, owner.cookie, 'allow', userCode);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ message: 'Glasses paired', device: { id: expect.any(String), name: 'Garden glasses', pairedAt: expect.any(String), lastSeenAt: null, scopes: ['faces:read', 'contacts:read', 'events', 'features'] } });

    const token = await pollToken(t, deviceCode);
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    expect(token.headers.pragma).toBe('no-cache');
    expect(token.json()).toEqual({ access_token: expect.stringMatching(/^[\w-]{43}$/), token_type: 'Bearer', scope: 'faces:read contacts:read events features', username: owner.input.username, account: masked(owner.input) });
    // Usernames are not unique: the glasses say the e-mail's first character and domain too, never the whole address.
    expect(token.json().account).toMatch(/^.+, .••••@[^@]+$/);
    expect(token.json().account).not.toContain(owner.input.email);
    const device = await db().selectFrom('devices').selectAll().where('id', '=', allowed.json().device.id).executeTakeFirstOrThrow();
    expect(device.token_hash).toBe(sha256(token.json().access_token));

    const again = await pollToken(t, deviceCode);
    expect([again.statusCode, again.json()]).toEqual([400, { error: 'invalid_grant', error_description: 'This device_code has already been used. Ask for a new one.' }]);
    expect((await listDevices(owner.cookie)).map((d) => d.name)).toContain('Garden glasses');
  });

  it('answers access_denied once the user denies, and pairs nothing', async () => {
    const devices = await deviceCount();
    const { device_code: deviceCode, user_code: userCode } = await started();
    const denied = await answerCode(t, other.cookie, 'deny', userCode);
    expect([denied.statusCode, denied.json()]).toEqual([200, { message: 'Pairing refused. The glasses were not paired.' }]);
    const poll = await pollToken(t, deviceCode);
    expect([poll.statusCode, poll.json()]).toEqual([400, { error: 'access_denied', error_description: 'The user denied the pairing.' }]);
    expect(await deviceCount()).toBe(devices);
    expect(await listDevices(other.cookie)).toEqual([]);
  });

  it('expires a code after 10 minutes: expired_token for the glasses, a clear message on /pair', async () => {
    const { device_code: deviceCode, user_code: userCode } = await started();
    const polled = { grant_type: DEVICE_CODE_GRANT, client_id: 'seva-glasses', device_code: deviceCode };
    await expect(later(599_000).exchange(polled, '127.0.0.1')).rejects.toMatchObject({ details: { code: 'authorization_pending' } });
    await expect(later(601_000).exchange(polled, '127.0.0.1')).rejects.toMatchObject({ details: { code: 'expired_token' } });
    const user = await userOf(owner.input.email);
    await expect(later(601_000).allow(user, { code: userCode.replace('-', ''), password: TEST_PASSWORD }, LOCAL)).rejects.toMatchObject({ kind: 'expired', message: deviceMessages.pairingCodeExpired });

    // Allowed at the last moment: the glasses still collect their token after the 10 minutes.
    const { device_code: lastMinute, user_code: lastCode } = await started('Late glasses');
    await later(599_000).allow(user, { code: lastCode.replace('-', ''), password: TEST_PASSWORD }, LOCAL);
    await expect(later(605_000).exchange({ ...polled, device_code: lastMinute }, '127.0.0.1')).resolves.toMatchObject({ token_type: 'Bearer' });

    await db().updateTable('device_authorizations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('device_code_hash', '=', sha256(deviceCode)).execute();
    const check = await answerCode(t, owner.cookie, 'check', userCode);
    expect([check.statusCode, check.json()]).toEqual([410, { message: 'This pairing code has expired. Please ask the glasses for a new one.' }]);
    const poll = await pollToken(t, deviceCode);
    expect([poll.statusCode, poll.json()]).toEqual([400, oauthError('expired_token')]);
    expect((await listDevices(owner.cookie)).map((d) => d.name)).not.toContain('Hall glasses');
  });

  it('refuses a wrong grant type, a wrong client, a missing or unknown device code on the token endpoint', async () => {
    const { device_code: deviceCode } = await started();
    const cases: Array<[Record<string, string>, string]> = [
      [{ grant_type: 'authorization_code' }, 'unsupported_grant_type'],
      [{ grant_type: '' }, 'invalid_request'],
      [{ client_id: 'toaster' }, 'invalid_client'],
      [{ device_code: '' }, 'invalid_request'],
      [{ device_code: 'not-a-code-we-gave' }, 'invalid_grant'],
    ];
    for (const [fields, error] of cases) {
      const res = await pollToken(t, deviceCode, fields);
      expect([res.statusCode, res.json()], JSON.stringify(fields)).toEqual([400, oauthError(error)]);
    }
    const none = await t.app.inject({ method: 'POST', url: '/oauth/token' });
    expect([none.statusCode, none.json()]).toEqual([400, { error: 'invalid_request', error_description: 'grant_type is missing.' }]);
  });

  it('finds the code however it is typed and says what the glasses will read', async () => {
    const { user_code: userCode } = await started('Reading glasses');
    const typed = ` ${userCode.replace('-', ' ').toLowerCase()} `;
    const check = await answerCode(t, owner.cookie, 'check', typed);
    expect(check.statusCode).toBe(200);
    expect(check.headers['cache-control']).toBe('no-store');
    expect(check.json()).toEqual({
      code: userCode,
      deviceName: 'Reading glasses',
      scopes: ['faces:read', 'contacts:read', 'events', 'features'],
      grants: expect.arrayContaining([expect.stringContaining('faces')]),
      requestedAt: expect.any(String),
      expiresAt: expect.any(String),
      network: { from: '127.0.0.0/24', sameAsYours: true },
      account: masked(owner.input),
    });
    expect((await answerCode(t, owner.cookie, 'check', userCode.replace('-', ''))).statusCode).toBe(200);
  });

  it.each([
    ['', deviceMessages.pairingCodeRequired],
    ['ABC', deviceMessages.pairingCodeMalformed],
    ['BCDF-GHJKM', deviceMessages.pairingCodeMalformed],
    ['B0DF-GHJK', deviceMessages.pairingCodeMalformed],
    ['BCDF-GHJ1', deviceMessages.pairingCodeMalformed],
  ])('refuses the malformed code %j with a clear message', async (code, message) => {
    for (const action of ['check', 'allow', 'deny'] as const) {
      const res = await answerCode(t, owner.cookie, action, code);
      expect([res.statusCode, res.json()]).toEqual([400, { message, field: 'code' }]);
    }
  });

  it('says when no glasses wait for a code, or when it was already answered, and changes nothing', async () => {
    const unknown = await answerCode(t, owner.cookie, 'check', 'ZZZZ-ZZZZ');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'No glasses are waiting for this code. Please check the code, or ask the glasses for a new one.' }]);
    const { user_code: userCode } = await started('Spare glasses');
    expect((await answerCode(t, owner.cookie, 'allow', userCode)).statusCode).toBe(200);
    const devices = await deviceCount();
    for (const [cookie, action] of [
      [owner.cookie, 'allow'],
      [owner.cookie, 'deny'],
      [other.cookie, 'allow'],
      [other.cookie, 'check'],
    ] as const) {
      const res = await answerCode(t, cookie, action, userCode);
      expect([res.statusCode, res.json()]).toEqual([409, { message: 'This pairing code has already been used. Please ask the glasses for a new one.', field: 'code' }]);
    }
    // The published contract says so, for /pair to expect it.
    const contract = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const action of ['check', 'allow', 'deny']) expect(Object.keys(contract.paths[`/api/devices/pairing/${action}`].post.responses), action).toContain('409');
    expect(await deviceCount()).toBe(devices);
    expect(await listDevices(other.cookie)).toEqual([]);
  });

  it("e-mails the user 'New glasses paired with your SEVA account', naming the glasses and how to unpair them", async () => {
    const sent = t.mails.length;
    await pairGlasses(t, owner.cookie, 'Blue frames');
    expect(t.mails).toHaveLength(sent + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(owner.input.email);
    expect(mail.subject).toBe('New glasses paired with your SEVA account');
    expect(PAIRED_SUBJECT).toBe(mail.subject);
    expect(mail.text).toContain('"Blue frames"');
    expect(mail.text).toContain('Profile → Paired glasses → Unpair "Blue frames"');
    expect(mail.text).toContain('https://seva.example/profile');
    expect(mail.html).toContain('href="https://seva.example/profile"');
  });

  it("sends one e-mail for two 'Allow's pressed at once: only the pairing that happened is told (issue #34)", async () => {
    const { user_code: userCode } = await started('Twice-pressed glasses');
    const told = () => t.mails.filter((mail) => mail.to === owner.input.email && mail.text.includes('"Twice-pressed glasses"')).length;
    const answers = await Promise.all([answerCode(t, owner.cookie, 'allow', userCode), answerCode(t, owner.cookie, 'allow', userCode)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await listDevices(owner.cookie)).filter((d) => d.name === 'Twice-pressed glasses')).toHaveLength(1);
    expect(told()).toBe(1);
  });

  it('pairs nothing when the e-mail cannot be sent, and the code can still be allowed', async () => {
    const { device_code: deviceCode, user_code: userCode } = await started('Quiet glasses');
    const failing: Mailer = {
      send: async () => {
        throw new Error('SMTP down');
      },
    };
    const user = await userOf(owner.input.email);
    const withoutMail = devicesServiceAt(t, { mailer: failing });
    await expect(withoutMail.allow(user, { code: userCode.replace('-', ''), password: TEST_PASSWORD }, LOCAL)).rejects.toMatchObject({ kind: 'unavailable', message: deviceMessages.pairingMailFailed });
    expect((await listDevices(owner.cookie)).map((d) => d.name)).not.toContain('Quiet glasses');
    expect((await pollToken(t, deviceCode)).json().error).toBe('authorization_pending');
    expect((await answerCode(t, owner.cookie, 'allow', userCode)).statusCode).toBe(200);
  });

  it("lists the user's glasses, newest first, never seen until they call; unpairs only the owner's", async () => {
    const { cookie } = await signedInUser(t);
    expect(await listDevices(cookie)).toEqual([]);
    const first = await pairGlasses(t, cookie, 'First pair');
    const second = await pairGlasses(t, cookie, 'Second pair');
    const listed = await listDevices(cookie);
    expect(listed.map((d) => [d.name, d.lastSeenAt])).toEqual([
      ['Second pair', null],
      ['First pair', null],
    ]);
    expect(Date.parse(listed[0]!.pairedAt)).toBeGreaterThanOrEqual(Date.parse(listed[1]!.pairedAt));

    for (const [who, id] of [
      [owner.cookie, first.deviceId],
      [cookie, 'not-a-uuid'],
      [cookie, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/devices/${id}`, headers: { cookie: who } });
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'These glasses are not paired with your account.' }]);
    }
    const unpaired = await t.app.inject({ method: 'DELETE', url: `/api/devices/${first.deviceId}`, headers: { cookie } });
    expect([unpaired.statusCode, unpaired.json()]).toEqual([200, { message: 'First pair unpaired. They can no longer reach your account.' }]);
    expect((await listDevices(cookie)).map((d) => d.id)).toEqual([second.deviceId]);
  });

  it('answers 401 to the pairing API without a session', async () => {
    const { user_code: userCode } = await started();
    for (const [method, url] of [
      ['GET', '/api/devices'],
      ['POST', '/api/devices/pairing/check'],
      ['POST', '/api/devices/pairing/allow'],
      ['DELETE', '/api/devices/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { code: userCode } : undefined });
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Please sign in to continue.' }]);
    }
  });
});

describe.each(engines)('pairing limits on %s', (engine) => {
  const three: RateLimit = { max: 3, windowSeconds: 900 };
  const generous: RateLimit = { max: 10_000, windowSeconds: 900 };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      rateLimits: { ...relaxedLimits, pair: { perIp: { max: 5, windowSeconds: 900 }, perAccount: three }, deviceAuthorization: { perIp: three, perAccount: generous }, oauthToken: { perIp: { ...three, windowSeconds: 600 }, perAccount: generous } },
    });
  });
  afterAll(() => t.close());

  const TOO_MANY = { message: 'Too many attempts. Please try again later' };

  it('counts code entries per account like sign-in: a fourth is refused, even with the right code', async () => {
    const { cookie } = await signedInUser(t);
    const { user_code: userCode } = (await requestDeviceCode(t)).json();
    for (const code of ['ZZZZ-ZZZ2', 'ZZZZ-ZZZ3', 'ZZZZ-ZZZ4']) expect((await answerCode(t, cookie, 'check', code, '10.9.0.1')).statusCode).toBe(404);
    const blocked = await answerCode(t, cookie, 'allow', userCode, '10.9.0.2');
    expect([blocked.statusCode, blocked.json()]).toEqual([429, TOO_MANY]);
    expect((await answerCode(t, (await signedInUser(t)).cookie, 'check', userCode, '10.9.0.3')).statusCode).toBe(200);
  });

  it('counts only wrong codes: right ones, checked and allowed again and again, never add up to a refusal', async () => {
    const { cookie } = await signedInUser(t);
    for (let pair = 0; pair < 3; pair += 1) {
      const asked = await t.app.inject({ method: 'POST', url: '/oauth/device_authorization', ...urlEncoded({ client_id: 'seva-glasses' }), remoteAddress: `10.9.4.${pair}` });
      const { user_code: userCode } = asked.json();
      for (let i = 0; i < 3; i += 1) expect((await answerCode(t, cookie, 'check', userCode, '10.9.3.2')).statusCode).toBe(200);
      expect((await answerCode(t, cookie, 'allow', userCode, '10.9.3.2')).statusCode).toBe(200);
    }
    for (const code of ['ZZZZ-ZZZ6', 'ZZZZ-ZZZ7', 'ZZZZ-ZZZ8']) expect((await answerCode(t, cookie, 'check', code, '10.9.3.2')).statusCode).toBe(404);
    expect((await answerCode(t, cookie, 'check', 'ZZZZ-ZZZ9', '10.9.3.2')).json()).toEqual(TOO_MANY);
  });

  it('counts code entries per address across accounts', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { cookie } = await signedInUser(t);
      expect((await answerCode(t, cookie, 'check', 'ZZZZ-ZZZ5', '10.9.1.1')).statusCode).toBe(404);
    }
    const { cookie } = await signedInUser(t);
    expect((await answerCode(t, cookie, 'check', 'ZZZZ-ZZZ5', '10.9.1.1')).json()).toEqual(TOO_MANY);
  });

  it('limits device codes per address with a plain 429 and Retry-After, never slow_down (kept for polling)', async () => {
    const ask = () => t.app.inject({ method: 'POST', url: '/oauth/device_authorization', ...urlEncoded({ client_id: 'seva-glasses' }), remoteAddress: '10.9.2.1' });
    for (let i = 0; i < 3; i += 1) expect((await ask()).statusCode).toBe(200);
    const blocked = await ask();
    expect([blocked.statusCode, blocked.json()]).toEqual([429, { error: 'too_many_requests', error_description: TOO_MANY.message }]);
    expect(blocked.headers['retry-after']).toBe('900');
  });

  it('limits the token endpoint per address, with a plain 429 and Retry-After', async () => {
    const poll = () => t.app.inject({ method: 'POST', url: '/oauth/token', ...urlEncoded({ grant_type: DEVICE_CODE_GRANT, client_id: 'seva-glasses', device_code: 'made-up' }), remoteAddress: '10.9.5.1' });
    for (let i = 0; i < 3; i += 1) expect((await poll()).json().error).toBe('invalid_grant');
    const blocked = await poll();
    expect([blocked.statusCode, blocked.json()]).toEqual([429, { error: 'too_many_requests', error_description: TOO_MANY.message }]);
    expect(blocked.headers['retry-after']).toBe('600');
    const elsewhere = await t.app.inject({ method: 'POST', url: '/oauth/token', ...urlEncoded({ grant_type: DEVICE_CODE_GRANT, client_id: 'seva-glasses', device_code: 'made-up' }), remoteAddress: '10.9.6.1' });
    expect(elsewhere.json().error).toBe('invalid_grant');
  });

  it('lets RATE_LIMIT_MULTIPLIER raise the pairing limits tenfold at most', () => {
    const limits = loadConfig({ RATE_LIMIT_MULTIPLIER: '100' }).rateLimits;
    expect(limits.signUp.perAccount.max).toBe(500);
    expect(limits.pair.perAccount.max).toBe(100);
    expect(limits.pair.perIp.max).toBe(300);
    expect(loadConfig({}).rateLimits.pair).toEqual({ perIp: { max: 30, windowSeconds: 900 }, perAccount: { max: 10, windowSeconds: 900 } });
  });
});
