import { accountMessages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { EXPORTS_PER_INSTANCE } from './export-slots.ts';

describe.each(engines)('data downloads at once on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const download = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/account/export', headers: { cookie } });
  /** A download whose archive is being sent and not yet read to its end. */
  const inProgress = async (uid: string) => t.services.account.exportArchive(await t.services.identity.account(uid), 'Chrome on Linux');

  it('prepares one download at a time per account, and another once the first has been sent', async () => {
    const { cookie, user } = await signedInUser(t);
    const first = await inProgress(user.uid);
    const second = await download(cookie);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: accountMessages.exportInProgress });
    first.stream.resume();
    await new Promise((resolve) => first.stream.once('close', resolve));
    expect((await download(cookie)).statusCode).toBe(200);
  });

  it(`prepares at most ${EXPORTS_PER_INSTANCE} downloads at once on an instance, and frees a place when one is abandoned`, async () => {
    const held = [];
    for (let i = 0; i < EXPORTS_PER_INSTANCE; i += 1) held.push(await inProgress((await signedInUser(t)).user.uid));
    const { cookie } = await signedInUser(t);
    const refused = await download(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: accountMessages.exportsBusy });
    held[0]!.stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await download(cookie)).statusCode).toBe(200);
    for (const archive of held.slice(1)) archive.stream.destroy();
  });
});
