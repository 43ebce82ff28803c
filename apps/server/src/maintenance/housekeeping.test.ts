import { messages, type SignUpInput } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../mail/mailer.ts';
import { createIdentityService } from '../modules/identity/service.ts';
import { createTestApp, engines, newUserInput, tokenFromMail, type TestApp } from '../testing/test-app.ts';
import { createHousekeeping } from './housekeeping.ts';

const HOUR = 60 * 60 * 1000;
const STEP = 6 * HOUR;
const STEPS = 40;
const USERS = 3;
const TABLES = ['sessions', 'auth_tokens', 'rate_limits'] as const;

describe.each(engines)('housekeeping on %s', (engine) => {
  let t: TestApp;
  let clock: Date;
  const mails: Mail[] = [];
  const identity = () =>
    createIdentityService({
      db: t.infrastructure.database.db,
      mailer: { send: async (mail) => void mails.push(mail) },
      config: t.config,
      onUserCreated: [t.services.contacts.createDocument],
      now: () => clock,
    });
  const housekeeping = () => createHousekeeping([identity().purgeExpired], () => clock);
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

  it('keeps sessions, links and rate-limit rows bounded under sign-ins every few hours for ten days', async () => {
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
        // Each sign-in from a new address (a phone moving between networks), and one mistyped password.
        const caller = { ip: `198.51.${step}.${i}`, userAgent: 'SEVA glasses' };
        await identity().signIn({ licenseId: user.licenseId, password: user.password }, caller);
        await expect(identity().signIn({ licenseId: user.licenseId, password: 'Wrong-Password1!' }, caller)).rejects.toThrow(messages.invalidPassword);
      }
      await identity().requestPasswordReset({ email: users[0]!.email }, { ip: `198.51.${step}.9`, userAgent: null });
      await housekeeping().run();
      history.push(await counts());
    }

    // Sessions last 7 days: those of the last 28 six-hour steps remain; every spent link and ended window is gone.
    const last = history.at(-1)!;
    expect(last).toEqual({ sessions: USERS * 28, auth_tokens: 1, rate_limits: history[0]!.rate_limits });
    expect(history.slice(28)).toEqual(Array(STEPS - 28).fill(last));
  });

  it('never removes a live session or a link a user may still click', async () => {
    const input = newUserInput() as SignUpInput;
    await identity().signUp(input, { ip: '192.0.2.2', userAgent: null });
    await identity().verifyEmail(tokenFromMail(mails.filter((mail) => mail.to === input.email), 'verify-email'));
    const { token } = await identity().signIn({ licenseId: input.licenseId, password: input.password }, { ip: '192.0.2.2', userAgent: null });
    await identity().requestPasswordReset({ email: input.email }, { ip: '192.0.2.2', userAgent: null });
    const resetToken = tokenFromMail(mails.filter((mail) => mail.to === input.email), 'reset-password');

    clock = new Date(clock.getTime() + 2 * 24 * HOUR);
    await housekeeping().run();
    // The sessions of the last 5 days remain, the new one included; signing out removes exactly it.
    expect(await counts()).toMatchObject({ sessions: USERS * 20 + 1 });
    await identity().signOut(token);
    expect(await counts()).toMatchObject({ sessions: USERS * 20 });
    // The reset link expired a day and 23 hours ago: the user is still told it expired, not that it is unknown.
    await expect(identity().resetPassword({ token: resetToken, password: 'Another-Cactus7!', confirmPassword: 'Another-Cactus7!' })).rejects.toThrow(messages.linkExpired);
  });
});
