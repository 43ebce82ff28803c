import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, relaxedLimits } from '../../testing/test-app.ts';

describe('web-vitals reports', () => {
  it('logs a well-formed report and answers 204', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const t = await createTestApp('sqlite', { logLevel: 'info' }, { logStream: stream });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/vitals', payload: { name: 'LCP', value: 1234.5, id: 'v5-1', rating: 'good', path: '/login' } });
      expect(res.statusCode).toBe(204);
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'web vital');
      expect(logged?.vital).toMatchObject({ name: 'LCP', value: 1234.5, path: '/login' });
    } finally {
      await t.close();
    }
  });

  it.each([
    [{ name: 'XYZ', value: 1, id: 'a' }],
    [{ name: 'CLS', value: 'big', id: 'a' }],
    [{ name: 'CLS', value: 0.1, id: 'a', extra: true }],
  ])('refuses %o with a 400 and a message', async (payload) => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/vitals', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });

  it('limits anonymous reports per address, so nobody can fill the log', async () => {
    expect(loadConfig({}).rateLimits.vitals.perIp).toEqual({ max: 1000, windowSeconds: 15 * 60 });
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const vitals = { max: 3, windowSeconds: 900 };
    const t = await createTestApp('sqlite', { logLevel: 'info', rateLimits: { ...relaxedLimits, vitals: { perIp: vitals, perAccount: vitals } } }, { logStream: stream });
    try {
      const report = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/vitals', payload: { name: 'CLS', value: 0.01, id: 'v5-2' }, remoteAddress });
      for (let i = 0; i < 3; i += 1) expect((await report('203.0.113.5')).statusCode).toBe(204);
      const refused = await report('203.0.113.5');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many attempts. Please try again later' });
      expect(lines.filter((l) => JSON.parse(l).msg === 'web vital')).toHaveLength(3);
      expect((await report('198.51.100.5')).statusCode).toBe(204);
    } finally {
      await t.close();
    }
  });

  it('refuses a report far larger than any real one', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/vitals', payload: { name: 'CLS', value: 0.01, id: 'x'.repeat(5000) } });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'The request is too large.' });
    } finally {
      await t.close();
    }
  });
});
