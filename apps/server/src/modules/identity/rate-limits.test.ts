import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config, RateLimit } from '../../config.ts';
import { createTestApp, engines, newUserInput, relaxedLimits, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { createIdentityService } from './service.ts';

const TOO_MANY = { message: 'Too many attempts. Please try again later' };
const generous: RateLimit = { max: 10_000, windowSeconds: 3600 };
const three: RateLimit = { max: 3, windowSeconds: 900 };

function limits(action: keyof Config['rateLimits'], rules: { perIp?: RateLimit; perAccount?: RateLimit }): Config['rateLimits'] {
  return { ...relaxedLimits, [action]: { perIp: rules.perIp ?? generous, perAccount: rules.perAccount ?? generous } };
}

type Inject = TestApp['app']['inject'];
const signInWith = (inject: Inject, licenseId: string, password: string, ip = '127.0.0.1') =>
  inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId, password }, remoteAddress: ip });

describe.each(engines)('sign-in limit per IP address on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { rateLimits: limits('signIn', { perIp: three }) });
  });
  afterAll(() => t.close());

  it("stops a fourth attempt from one address with 'Too many attempts. Please try again later', even with the right password", async () => {
    const { input } = await signedInUser(t); // signs in from 127.0.0.1: one hit
    const inject = t.app.inject.bind(t.app);
    expect((await signInWith(inject, 'LIC-UNKNOWN-1', 'x', '10.0.0.1')).statusCode).toBe(401);
    expect((await signInWith(inject, 'LIC-UNKNOWN-2', 'x', '10.0.0.1')).statusCode).toBe(401);
    expect((await signInWith(inject, input.licenseId, 'Wrong-Cactus9!', '10.0.0.1')).statusCode).toBe(401);
    const blocked = await signInWith(inject, input.licenseId, input.password, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(blocked.headers['set-cookie']).toBeUndefined();

    const elsewhere = await signInWith(inject, input.licenseId, input.password, '10.0.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe.each(engines)('sign-in limit per account on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { rateLimits: limits('signIn', { perAccount: three }) });
  });
  afterAll(() => t.close());

  it('stops guessing one account from many addresses, and leaves other accounts alone', async () => {
    const { input } = await signedInUser(t);
    const other = (await signedInUser(t)).input;
    const inject = t.app.inject.bind(t.app);
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      expect((await signInWith(inject, input.licenseId, 'Wrong-Cactus9!', ip)).json()).toEqual({ message: 'Invalid password', field: 'password' });
    }
    const blocked = await signInWith(inject, input.licenseId.toLowerCase(), input.password, '10.1.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);

    expect((await signInWith(inject, other.licenseId, other.password, '10.1.0.4')).statusCode).toBe(200);
  });

  it("starts the account's count again after a successful sign-in", async () => {
    const { input } = await signedInUser(t);
    const inject = t.app.inject.bind(t.app);
    const attempts = ['Wrong-Cactus9!', 'Wrong-Cactus9!', input.password, 'Wrong-Cactus9!', 'Wrong-Cactus9!', input.password];
    const statuses = [];
    for (const password of attempts) statuses.push((await signInWith(inject, input.licenseId, password)).statusCode);
    expect(statuses).toEqual([401, 401, 200, 401, 401, 200]);
  });

  it('lets the account try again once the window has passed', async () => {
    const { input } = await signedInUser(t);
    const inject = t.app.inject.bind(t.app);
    for (let i = 0; i < 3; i += 1) await signInWith(inject, input.licenseId, 'Wrong-Cactus9!');
    expect((await signInWith(inject, input.licenseId, input.password)).statusCode).toBe(429);

    const { database, mailer } = t.infrastructure;
    const later = new Date(Date.now() + (three.windowSeconds + 1) * 1000);
    const identity = createIdentityService({ db: database.db, mailer, config: t.config, now: () => later });
    const { user } = await identity.signIn({ licenseId: input.licenseId, password: input.password }, { ip: '127.0.0.1', userAgent: null });
    expect(user.email).toBe(input.email);
  });
});

describe.each(engines)('sign-in limit shared by every server instance on %s', (engine) => {
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

  it('counts attempts made on either instance, because the count is kept in the database', async () => {
    const { input } = await signedInUser(t);
    const one = t.app.inject.bind(t.app);
    const two = second.app.inject.bind(second.app);
    expect((await signInWith(one, input.licenseId, 'Wrong-Cactus9!')).statusCode).toBe(401);
    expect((await signInWith(two, input.licenseId, 'Wrong-Cactus9!')).statusCode).toBe(401);
    expect((await signInWith(one, input.licenseId, 'Wrong-Cactus9!')).statusCode).toBe(401);
    expect((await signInWith(two, input.licenseId, input.password)).json()).toEqual(TOO_MANY);
    expect((await signInWith(one, input.licenseId, input.password)).json()).toEqual(TOO_MANY);

    const row = await second.infrastructure.database.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', `signIn:account:${input.licenseId.toLowerCase()}`)
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
