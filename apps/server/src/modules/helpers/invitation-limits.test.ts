import { helperMessages, messages, type HelperSummary } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uninvitedHelper } from '../../../../../test-kit/helper-flow.ts';
import { injectTransport } from '../../../../../test-kit/transport.ts';
import { defaultRateLimits } from '../../config.ts';
import { createTestApp, engines, relaxedLimits, signedInUser, type TestApp } from '../../testing/test-app.ts';

/** How many invitations one address may be sent, and by whom (issue #34, D-073). */
describe.each(engines)('invitation limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The invitation limits a real install has; the others relaxed, so the suite can sign up its wearers.
    t = await createTestApp(engine, { rateLimits: { ...relaxedLimits, helperInvite: defaultRateLimits.helperInvite } });
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, body?: unknown, cookie?: string) => injectTransport(t.app)(method, url, body, cookie ? { cookie } : {});
  const invite = (cookie: string, email: string) => send('POST', '/api/helpers', { name: 'Sam', email }, cookie);
  const cancel = async (cookie: string, email: string) => {
    const { helpers } = (await send('GET', '/api/helpers', undefined, cookie)).json as { helpers: HelperSummary[] };
    const open = helpers.find((helper) => helper.email === email && helper.status === 'invited');
    expect((await send('DELETE', `/api/helpers/${open!.id}`, undefined, cookie)).status).toBe(204);
  };
  const mailsTo = (to: string) => t.mails.filter((mail) => mail.to === to);

  it("never lets one wearer's invite-and-cancel rounds keep others from inviting an address", async () => {
    const prankster = await signedInUser(t);
    const { email } = uninvitedHelper();
    const statuses: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const answer = await invite(prankster.cookie, email);
      statuses.push(answer.status);
      if (answer.status !== 201) {
        expect(answer.json).toEqual({ message: helperMessages.invitedTooOften });
        break;
      }
      await cancel(prankster.cookie, email);
    }
    // Three an hour to one address, the first and two sent again; the fourth is refused, saying why.
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(mailsTo(email)).toHaveLength(3);

    // The cancelled invitations do not count against the address: others invite it as usual.
    const neighbour = await signedInUser(t);
    expect((await invite(neighbour.cookie, email)).status).toBe(201);
    expect(mailsTo(email)).toHaveLength(4);
  });

  it('sends one address at most ten open invitations an hour from all wearers; a cancelled one frees its place', async () => {
    const { email } = uninvitedHelper();
    const wearers = [];
    for (let i = 0; i < 11; i += 1) wearers.push(await signedInUser(t));
    for (const wearer of wearers.slice(0, 10)) expect((await invite(wearer.cookie, email)).status).toBe(201);
    const eleventh = await invite(wearers[10]!.cookie, email);
    expect(eleventh.status).toBe(429);
    expect(eleventh.json).toEqual({ message: messages.tooManyAttempts });
    expect(mailsTo(email)).toHaveLength(10);

    await cancel(wearers[0]!.cookie, email);
    expect((await invite(wearers[10]!.cookie, email)).status).toBe(201);
    expect(mailsTo(email)).toHaveLength(11);
  });
});
