import { describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser } from '../../testing/test-app.ts';

describe.each(engines)('harness on %s', (engine) => {
  it('signs a user in', async () => {
    const t = await createTestApp(engine);
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await t.close();
  });
});
