import { messages, type SignUpInput } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../mail/mailer.ts';
import { EXPIRED_LINK_RETENTION_MS, RESET_TTL_MS } from '../modules/identity/service.ts';
import { identityServicesAt } from '../testing/identity-service-at.ts';
import { createTestApp, engines, newUserInput, tokenFromMail, type TestApp } from '../testing/test-app.ts';
import { createHousekeeping } from './housekeeping.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Two sign-ins a user every other day for four months: past the longest a session or a link can live. */
const STEP = 2 * DAY;
const STEPS = 60;
const USERS = 2;
const TABLES = ['sessions', 'auth_tokens', 'rate_limits'] as const;

describe.each(engines)('housekeeping on %s', (engine) => {
  let t: TestApp;
  let clock: Date;
  const mails: Mail[] = [];
  const services = () =>
    identityServicesAt(t, { mailer: { send: async (mail) => void mails.push(mail) }, onUserCreated: [t.services.contacts.createDocument], now: () => clock });
  const identity = () => services().identity;
  const housekeeping = () => {
    const { identity: own, sessions, limits } = services();
    return createHousekeeping([own.purgeExpired, sessions.purgeExpired, limits.purgeExpired], () => clock);
  };
  const counts = async () => {
    const db = t.infrastructure.database.db;
    const entries = await Promise.all(
      TABLES.map(async (table) => [table, Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)] as const),
    );
    return Object.fromEntries(entries) as Record<(typeof TABLES)[number], number>;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    clock = new Date('2027-03-01T08:00:00Z');
  });
  afterAll(() => t.close());

  it('keeps sessions, links and rate-limit rows bounded under sign-ins every other day for four months', async () => {
    const users: SignUpInput[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const input = newUserInput() as SignUpInput;
      await identity().signUp(input, { ip: '192.0.2.1', userAgent: null });
      await identity().verifyEmail(tokenFromMail(mails.filter((mail) => mail.to === input.email), 'verify-email'));
      users.push(input);
    }

    const history: Array<Awaited<ReturnType<typeof counts>>> = [];
    for (let step = 1; step <= STEPS; step += 1) {
      clock = new Date(clock.getTime() + STEP);
      for (const [i, user] of users.entries()) {
        // Each sign-in from a new address (a phone moving between networks); the first user mistypes once first.
        const caller = { ip: `198.51.${step}.${i}`, userAgent: 'SEVA glasses' };
        if (i === 0) await expect(identity().signIn({ licenseId: user.licenseId, password: 'Wrong-Password1!' }, caller)).rejects.toThrow(messages.invalidPassword);
        await identity().signIn({ licenseId: user.licenseId, password: user.password }, caller);
      }
      await identity().requestPasswordReset({ email: users[0]!.email }, { ip: `198.51.${step}.9`, userAgent: null });
      await housekeeping().run();
      history.push(await counts());
    }

    // Without housekeeping every table would hold a row per sign-in (or more); with it they settle: the last
    // ten rounds hold the same counts, a fraction of the sign-ins made, and the reset links of the last week: a new
    // link leaves earlier ones alone (D-036), and an unused one is kept a week after it expires, so a late click says so.
    const last = history.at(-1)!;
    expect(history.slice(-10)).toEqual(Array(10).fill(last));
    expect(last.sessions).toBeLessThan((USERS * STEPS) / 2);
    expect(last.auth_tokens).toBe(Math.ceil((RESET_TTL_MS + EXPIRED_LINK_RETENTION_MS) / STEP));
    expect(last.rate_limits).toBe(history[0]!.rate_limits);
  });

  it('never removes a live session or a link a user may still click', async () => {
    const input = newUserInput() as SignUpInput;
    await identity().signUp(input, { ip: '192.0.2.2', userAgent: null });
    await identity().verifyEmail(tokenFromMail(mails.filter((mail) => mail.to === input.email), 'verify-email'));
    const { token } = await identity().signIn({ licenseId: input.licenseId, password: input.password }, { ip: '192.0.2.2', userAgent: null });
    await identity().requestPasswordReset({ email: input.email }, { ip: '192.0.2.2', userAgent: null });
    const resetToken = tokenFromMail(mails.filter((mail) => mail.to === input.email), 'reset-password');

    clock = new Date(clock.getTime() + 2 * DAY);
    await housekeeping().run();
    // The session signed in two days ago still signs its user in.
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `seva_session=${token}` } });
    expect(session.json()).toMatchObject({ user: { email: input.email } });
    // The reset link expired a day and 23 hours ago: the user is still told it expired, not that it is unknown.
    await expect(identity().resetPassword({ token: resetToken, password: 'Another-Cactus7!', confirmPassword: 'Another-Cactus7!' })).rejects.toThrow(messages.linkExpired);
  });
});
