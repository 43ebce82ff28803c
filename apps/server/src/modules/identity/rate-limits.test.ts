import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { defaultRateLimits, loadConfig, type Config, type RateLimit } from '../../config.ts';
import { createTestApp, engines, newUserInput, relaxedLimits, signedInUser, tokenFromMail, type TestApp } from '../../testing/test-app.ts';
import { identityServiceAt } from '../../testing/identity-service-at.ts';
import { requestDeviceCode } from '../../testing/paired-glasses.ts';

const TOO_MANY = { message: 'Too many attempts. Please try again later' };
const WRONG_PASSWORD = { message: 'Invalid password', field: 'password' };
const GUESSING_SUBJECT = 'Someone is trying to sign in to your SEVA account';
const generous: RateLimit = { max: 10_000, windowSeconds: 3600 };
const three: RateLimit = { max: 3, windowSeconds: 900 };

function limits(action: keyof Config['rateLimits'], rules: { perIp?: RateLimit; perAccount?: RateLimit }): Config['rateLimits'] {
  return { ...relaxedLimits, [action]: { perIp: rules.perIp ?? generous, perAccount: rules.perAccount ?? generous } };
}

type Inject = TestApp['app']['inject'];
const signInWith = (inject: Inject, licenseId: string, password: string, ip = '127.0.0.1') =>
  inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId, password }, remoteAddress: ip });

describe('RATE_LIMIT_MULTIPLIER', () => {
  it('raises the limits a test rig needs, never the failed sign-ins allowed per account and address', () => {
    const { rateLimits } = loadConfig({ RATE_LIMIT_MULTIPLIER: '100' });
    expect(rateLimits.signIn.perAccount).toEqual({ max: 10, windowSeconds: 15 * 60 });
    expect(rateLimits.signIn.perIp.max).toBe(100 * 100);
    expect(rateLimits.signUp.perIp.max).toBe(100 * 100);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '0.5' }).rateLimits.signIn.perAccount.max).toBe(5);
  });

  it('defaults to 10 failures per account and address in 15 minutes, 100 per address an hour, and 100 sign-ups an hour', () => {
    const { rateLimits } = loadConfig({});
    expect(rateLimits.signIn).toEqual({ perIp: { max: 100, windowSeconds: 3600 }, perAccount: { max: 10, windowSeconds: 900 } });
    expect(rateLimits.signUp.perIp).toEqual({ max: 100, windowSeconds: 3600 });
  });
});

describe.each(engines)('someone guessing an account password on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { rateLimits: defaultRateLimits });
  });
  afterAll(() => t.close());

  const attacker = '203.0.113.66';
  const warnings = (to: string) => t.mails.filter((mail) => mail.to === to && mail.subject === GUESSING_SUBJECT);

  it('blocks only the attacker: the owner signs in from elsewhere, and hears of it by e-mail once', async () => {
    const { input } = await signedInUser(t);
    const inject = t.app.inject.bind(t.app);
    for (let i = 0; i < 10; i += 1) expect((await signInWith(inject, input.licenseId, `Guess-${i}-Cactus9!`, attacker)).json()).toEqual(WRONG_PASSWORD);
    const blocked = await signInWith(inject, input.licenseId, input.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(blocked.headers['set-cookie']).toBeUndefined();

    const owner = await signInWith(inject, input.licenseId, input.password, '198.51.100.7');
    expect(owner.statusCode).toBe(200);

    const [warning, ...more] = warnings(input.email);
    expect(more).toEqual([]);
    expect(warning?.text).toContain(`(license ID ${input.licenseId}) 10 times in the last 15 minutes`);
    expect(warning?.text).toContain('You can still sign in as usual.');

    // The guessing goes on from other addresses: each is blocked in turn, and the owner is not e-mailed again.
    for (const ip of ['203.0.113.67', '203.0.113.68']) {
      for (let i = 0; i < 10; i += 1) await signInWith(inject, input.licenseId, `More-${i}-Cactus9!`, ip);
      expect((await signInWith(inject, input.licenseId, input.password, ip)).json()).toEqual(TOO_MANY);
    }
    expect(warnings(input.email)).toHaveLength(1);
    expect((await signInWith(inject, input.licenseId, input.password, '198.51.100.7')).statusCode).toBe(200);
  });

  it.each([
    ['Change password', (cookie: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie }, payload: { currentPassword: password, newPassword: 'Fresh-Cactus9!Lamp', confirmPassword: 'Fresh-Cactus9!Lamp' }, remoteAddress: attacker })],
    ['Delete account', (cookie: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie }, payload: { password }, remoteAddress: attacker })],
    ['Allow', async (cookie: string, password: string) => {
      const code = (await requestDeviceCode(t)).json().user_code as string;
      return t.app.inject({ method: 'POST', url: '/api/devices/pairing/allow', headers: { cookie }, payload: { code, password }, remoteAddress: attacker });
    }],
  ] as const)("mails the owner once when a browser left signed in guesses the password at '%s'", async (_step, attempt) => {
    const { input, cookie } = await signedInUser(t);
    for (let i = 0; i < 10; i += 1) expect((await attempt(cookie, `Guess-${i}-Cactus9!`)).statusCode).toBeOneOf([400, 403]);
    expect((await attempt(cookie, input.password)).json()).toEqual(TOO_MANY);
    const [warning, ...more] = warnings(input.email);
    expect(more).toEqual([]);
    expect(warning?.text).toContain(`(license ID ${input.licenseId}) 10 times in the last 15 minutes`);
  });

  it('lets the owner in from the blocked address too once they have chosen a new password', async () => {
    const { input } = await signedInUser(t);
    const inject = t.app.inject.bind(t.app);
    const shared = '192.0.2.10'; // the owner's home, where someone else guessed
    for (let i = 0; i < 10; i += 1) await signInWith(inject, input.licenseId, `Guess-${i}-Cactus9!`, shared);
    expect((await signInWith(inject, input.licenseId, input.password, shared)).statusCode).toBe(429);

    await inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: input.email }, remoteAddress: shared });
    const token = tokenFromMail(t.mails, 'reset-password');
    const password = 'Fresh-Cactus9!Lamp';
    const reset = await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password, confirmPassword: password }, remoteAddress: shared });
    expect(reset.statusCode).toBe(200);
    expect((await signInWith(inject, input.licenseId, password, shared)).statusCode).toBe(200);
  });

  it('counts a wrong password given to resend-verification as a failed sign-in', async () => {
    const input = newUserInput();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    const resend = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { licenseId: input.licenseId, password }, remoteAddress: attacker });
    for (let i = 0; i < 10; i += 1) expect((await resend(`Guess-${i}-Cactus9!`)).statusCode).toBe(401);
    expect((await resend(input.password)).json()).toEqual(TOO_MANY);
    // Guessing from elsewhere never uses up the owner's own verification e-mails.
    const owner = await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { licenseId: input.licenseId, password: input.password } });
    expect(owner.statusCode).toBe(200);
  });

  it('caps one address at 100 failed sign-ins an hour across all accounts; past it a correct password still signs in', async () => {
    const { input } = await signedInUser(t);
    const other = (await signedInUser(t)).input;
    const inject = t.app.inject.bind(t.app);
    const sprayer = '203.0.113.99';
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i += 1) statuses.add((await signInWith(inject, `LIC-SPRAY-${i}`, 'Guess-Cactus9!', sprayer)).statusCode);
    expect([...statuses]).toEqual([401]);
    expect((await signInWith(inject, 'LIC-SPRAY-100', 'Guess-Cactus9!', sprayer)).json()).toEqual(TOO_MANY);
    // Someone else behind the same address, whose account has no failures from it, signs in.
    expect((await signInWith(inject, input.licenseId, input.password, sprayer)).statusCode).toBe(200);
    // A wrong guess past the cap is refused, and that account is then closed to the address for the window.
    expect((await signInWith(inject, other.licenseId, 'Guess-Cactus9!', sprayer)).json()).toEqual(TOO_MANY);
    expect((await signInWith(inject, other.licenseId, other.password, sprayer)).json()).toEqual(TOO_MANY);
    expect((await signInWith(inject, other.licenseId, other.password, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe.each(engines)('a class of 40 pupils signing in behind one address on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { rateLimits: defaultRateLimits });
  });
  afterAll(() => t.close());

  it('signs every pupil in, twice each and after a typo, because good sign-ins count nowhere', async () => {
    const school = '100.64.10.1';
    const pupils = [];
    for (let i = 0; i < 40; i += 1) pupils.push((await signedInUser(t)).input);
    const inject = t.app.inject.bind(t.app);
    const statuses: number[] = [];
    for (const pupil of pupils) {
      statuses.push((await signInWith(inject, pupil.licenseId, `${pupil.password}-typo`, school)).statusCode);
      statuses.push((await signInWith(inject, pupil.licenseId, pupil.password, school)).statusCode);
      statuses.push((await signInWith(inject, pupil.licenseId, pupil.password, school)).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(80);
    expect(statuses.filter((s) => s === 401)).toHaveLength(40);
    const rows = await t.infrastructure.database.db.selectFrom('rate_limits').selectAll().where('key', '=', `signIn:ip:${school}`).executeTakeFirstOrThrow();
    expect(Number(rows.hits)).toBe(40);
  });

  it('signs up 40 pupils from one address within the hour (100 an hour)', async () => {
    const signUp = () => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: newUserInput(), remoteAddress: '100.64.10.2' });
    for (let i = 0; i < 40; i += 1) expect((await signUp()).statusCode).toBe(201);
  });
});

describe.each(engines)('failed sign-ins per account and address on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { rateLimits: limits('signIn', { perAccount: three }) });
  });
  afterAll(() => t.close());

  it("starts the pair's count again after a successful sign-in", async () => {
    const { input } = await signedInUser(t);
    const inject = t.app.inject.bind(t.app);
    const attempts = ['Wrong-Cactus9!', 'Wrong-Cactus9!', input.password, 'Wrong-Cactus9!', 'Wrong-Cactus9!', input.password];
    const statuses = [];
    for (const password of attempts) statuses.push((await signInWith(inject, input.licenseId, password)).statusCode);
    expect(statuses).toEqual([401, 401, 200, 401, 401, 200]);
  });

  it('blocks the pair for an unknown license ID as for a real one, so the answer does not tell them apart', async () => {
    const inject = t.app.inject.bind(t.app);
    for (let i = 0; i < 3; i += 1) expect((await signInWith(inject, 'LIC-NOBODY', 'Wrong-Cactus9!', '10.4.0.1')).json()).toEqual({ message: 'Invalid credentials' });
    expect((await signInWith(inject, 'LIC-NOBODY', 'Wrong-Cactus9!', '10.4.0.1')).json()).toEqual(TOO_MANY);
  });

  it('lets the pair try again once the window has passed', async () => {
    const { input } = await signedInUser(t);
    const inject = t.app.inject.bind(t.app);
    for (let i = 0; i < 3; i += 1) await signInWith(inject, input.licenseId, 'Wrong-Cactus9!');
    expect((await signInWith(inject, input.licenseId, input.password)).statusCode).toBe(429);

    const later = new Date(Date.now() + (three.windowSeconds + 1) * 1000);
    const identity = identityServiceAt(t, { now: () => later });
    const { user } = await identity.signIn({ licenseId: input.licenseId, password: input.password }, { ip: '127.0.0.1', userAgent: null });
    expect(user.email).toBe(input.email);
  });
});

describe.each(engines)('failed sign-ins shared by every server instance on %s', (engine) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { rateLimits: limits('signIn', { perAccount: three }) });
    // The same DATA_DIR (SQLite) or schema (PostgreSQL): a second process behind the same load balancer.
    second = await buildApp(t.config, { mailer: t.infrastructure.mailer });
  });
  afterAll(async () => {
    await second.app.close();
    await t.close();
  });

  it('counts failures made on either instance, because the count is kept in the database', async () => {
    const { input } = await signedInUser(t);
    const one = t.app.inject.bind(t.app);
    const two = second.app.inject.bind(second.app);
    expect((await signInWith(one, input.licenseId, 'Wrong-Cactus9!')).statusCode).toBe(401);
    expect((await signInWith(two, input.licenseId, 'Wrong-Cactus9!')).statusCode).toBe(401);
    expect((await signInWith(one, input.licenseId, 'Wrong-Cactus9!')).statusCode).toBe(401);
    expect((await signInWith(two, input.licenseId, input.password)).json()).toEqual(TOO_MANY);
    expect((await signInWith(one, input.licenseId, input.password)).json()).toEqual(TOO_MANY);
    expect((await signInWith(one, input.licenseId, input.password, '10.5.0.1')).statusCode).toBe(200);

    const row = await second.infrastructure.database.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', `signIn:pair:${encodeURIComponent(input.licenseId.toLowerCase())}:127.0.0.1`)
      .executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(5);
  });
});

describe.each(engines)('limits on sign-up, reset and resend on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      rateLimits: {
        ...relaxedLimits,
        signIn: { perIp: generous, perAccount: generous },
        signUp: { perIp: three, perAccount: generous },
        reset: { perIp: generous, perAccount: { max: 2, windowSeconds: 3600 } },
        resend: { perIp: generous, perAccount: { max: 2, windowSeconds: 3600 } },
      },
    });
  });
  afterAll(() => t.close());

  it('stops a fourth sign-up from one address', async () => {
    const ip = '10.2.0.1';
    const signUp = () => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: newUserInput(), remoteAddress: ip });
    for (let i = 0; i < 3; i += 1) expect((await signUp()).statusCode).toBe(201);
    const blocked = await signUp();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
  });

  it('stops a third reset e-mail to one address within the hour', async () => {
    const input = newUserInput();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    const reset = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: input.email.toUpperCase() }, remoteAddress: ip });
    expect((await reset('10.3.0.1')).statusCode).toBe(200);
    expect((await reset('10.3.0.2')).statusCode).toBe(200);
    const sent = t.mails.length;
    const blocked = await reset('10.3.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(t.mails).toHaveLength(sent);
  });

  it('stops a third verification e-mail for one account within the hour', async () => {
    const input = newUserInput();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { licenseId: input.licenseId, password: input.password } });
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const blocked = await resend();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
  });
});
