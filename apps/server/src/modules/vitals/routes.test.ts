import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

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
});
