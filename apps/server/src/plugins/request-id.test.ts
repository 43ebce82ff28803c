import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser } from '../testing/test-app.ts';

describe.each(engines)('request ids (%s)', (engine) => {
  /** A test app whose log lines are kept, parsed. */
  async function loggedApp(overrides: Parameters<typeof createTestApp>[1] = {}) {
    const stream = new PassThrough();
    const lines: Array<Record<string, unknown>> = [];
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (pending + chunk.toString()).split('\n');
      pending = parts.pop() ?? '';
      for (const part of parts) if (part) lines.push(JSON.parse(part) as Record<string, unknown>);
    });
    const t = await createTestApp(engine, { logLevel: 'debug', ...overrides }, { logStream: stream });
    return { t, lines };
  }

  it('answers every request with a new id, which every log line of the request carries', async () => {
    const { t, lines } = await loggedApp();
    try {
      const first = await t.app.inject({ method: 'GET', url: '/api/health' });
      const second = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
      const id = String(first.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(second.headers['x-request-id']).not.toBe(id);
      const ofFirst = lines.filter((line) => JSON.stringify(line).includes('/api/health'));
      expect(ofFirst.length).toBeGreaterThan(0);
      expect(ofFirst.every((line) => line.reqId === id)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("takes a trusted proxy's X-Request-Id, and ignores it from anyone else or when it could forge a log line", async () => {
    const proxied = await loggedApp({ trustProxy: ['127.0.0.1'] });
    const direct = await createTestApp(engine);
    try {
      const id = `7f000001-${randomUUID()}`;
      const fromProxy = await proxied.t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      expect(fromProxy.headers['x-request-id']).toBe(id);
      expect(proxied.lines.some((line) => line.reqId === id)).toBe(true);
      const fromElsewhere = await proxied.t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id }, remoteAddress: '203.0.113.9' });
      expect(fromElsewhere.headers['x-request-id']).not.toBe(id);
      const untrusted = await direct.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      expect(untrusted.headers['x-request-id']).not.toBe(id);
      for (const forged of ['abc"}\n{"level":60', 'x'.repeat(200), 'short']) {
        const answer = await proxied.t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': forged } });
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await proxied.t.close();
      await direct.close();
    }
  });

  it('puts the id in the answer to an unexpected failure, for the user to quote', async () => {
    const { t, lines } = await loggedApp();
    try {
      const { cookie } = await signedInUser(t);
      await t.infrastructure.database.close();
      t.infrastructure.database.close = async () => {};
      const failed = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
      expect(failed.statusCode).toBe(500);
      const id = failed.headers['x-request-id'];
      expect(failed.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', requestId: id });
      expect(lines.some((line) => line.reqId === id && line.msg === 'request failed')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
