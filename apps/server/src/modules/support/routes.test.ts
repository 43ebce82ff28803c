import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, engines } from '../../testing/test-app.ts';

describe.each(engines)('how to reach support (%s)', (engine) => {
  it('tells anyone, signed in or not, the support address and phone the operator set', async () => {
    const support = loadConfig({ SUPPORT_EMAIL: 'help@seva.example', SUPPORT_PHONE: '+44 20 7946 0000' }).support;
    const t = await createTestApp(engine, { support });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/support' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: 'help@seva.example', phone: '+44 20 7946 0000' });
    } finally {
      await t.close();
    }
  });

  it('leaves out what the operator did not set', async () => {
    const t = await createTestApp(engine, { support: loadConfig({ SUPPORT_PHONE: '0800 123 4567' }).support });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/support' })).json()).toEqual({ phone: '0800 123 4567' });
    } finally {
      await t.close();
    }
  });
});

describe('SUPPORT_EMAIL and SUPPORT_PHONE', () => {
  it('are left out when unset or blank', () => {
    expect(loadConfig({}).support).toEqual({});
    expect(loadConfig({ SUPPORT_EMAIL: '', SUPPORT_PHONE: '' }).support).toEqual({});
  });

  it('refuse a value that is not an address or a phone number, naming the variable', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ SUPPORT_PHONE: 'call us' })).toThrow(/SUPPORT_PHONE/);
  });
});
