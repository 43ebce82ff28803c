import { randomUUID } from 'node:crypto';
import { messages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address.ts';
import { loadConfig, type Config } from './config.ts';
import { createTestApp, engines, relaxedLimits, type TestApp } from './testing/test-app.ts';

describe('the address a rate limit counts', () => {
  it('is an IPv4 address as it is, and an IPv6 address by its /64', () => {
    expect(rateLimitAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(rateLimitAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(rateLimitAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitAddress('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.10', 'fd00::/8', 'loopback']);
  });

  it('refuses what it cannot read, saying what is wrong', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY must be a hop count (1, 2, …) or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,::1); not understood: true');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,10.1.1.1' })).toThrow('not understood: 10.0.0.0/33');
  });
});

const signInLimitOfTwo: Config['rateLimits'] = { ...relaxedLimits, signIn: { perIp: { max: 2, windowSeconds: 900 }, perAccount: relaxedLimits.signIn.perAccount } };

describe.each(engines)('sign-in limits behind a proxy on %s', (engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((app) => app.close())));
  const appWith = async (trustProxy: Config['trustProxy']) => {
    const t = await createTestApp(engine, { trustProxy, rateLimits: signInLimitOfTwo });
    apps.push(t);
    return t;
  };
  /** A sign-in with an unknown license ID, arriving from `remoteAddress` with an X-Forwarded-For header. */
  const attempt = async (t: TestApp, remoteAddress: string, forwardedFor?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { licenseId: `LIC-${randomUUID()}`, password: 'Blue-Cactus9!Lamp' },
    });
    return res.statusCode === 429 ? (res.json() as { message: string }).message : res.statusCode;
  };

  let trusting: TestApp;
  let untrusting: TestApp;
  beforeAll(async () => {
    trusting = await appWith(['127.0.0.1']);
    untrusting = await appWith(false);
  });

  it('counts each client behind a trusted proxy by its own address', async () => {
    expect([await attempt(trusting, '127.0.0.1', '203.0.113.1'), await attempt(trusting, '127.0.0.1', '203.0.113.1')]).toEqual([401, 401]);
    expect(await attempt(trusting, '127.0.0.1', '203.0.113.1')).toBe(messages.tooManyAttempts);
    expect(await attempt(trusting, '127.0.0.1', '203.0.113.2')).toBe(401);
  });

  it('ignores X-Forwarded-For from an address it does not trust, so a client cannot dodge its limit', async () => {
    expect(await attempt(trusting, '198.51.100.5', '203.0.113.10')).toBe(401);
    expect(await attempt(trusting, '198.51.100.5', '203.0.113.11')).toBe(401);
    expect(await attempt(trusting, '198.51.100.5', '203.0.113.12')).toBe(messages.tooManyAttempts);
    expect(await attempt(untrusting, '198.51.100.6', '203.0.113.20')).toBe(401);
    expect(await attempt(untrusting, '198.51.100.6', '203.0.113.21')).toBe(401);
    expect(await attempt(untrusting, '198.51.100.6', '203.0.113.22')).toBe(messages.tooManyAttempts);
  });

  it('counts IPv6 clients by their /64: new low bits do not buy new attempts, another network does', async () => {
    expect(await attempt(trusting, '127.0.0.1', '2001:db8:aa:1::1')).toBe(401);
    expect(await attempt(trusting, '127.0.0.1', '2001:db8:aa:1:ffff::2')).toBe(401);
    expect(await attempt(trusting, '127.0.0.1', '2001:db8:aa:1:1234:5678:9abc:def0')).toBe(messages.tooManyAttempts);
    expect(await attempt(trusting, '127.0.0.1', '2001:db8:aa:2::1')).toBe(401);
  });

  it('trusts a hop count of proxies in front', async () => {
    const twoHops = await appWith(2);
    // client, then the first proxy's address; the second proxy (the socket) is 127.0.0.1.
    expect(await attempt(twoHops, '127.0.0.1', '203.0.113.30, 10.0.0.1')).toBe(401);
    expect(await attempt(twoHops, '127.0.0.1', '203.0.113.30, 10.0.0.2')).toBe(401);
    expect(await attempt(twoHops, '127.0.0.1', '203.0.113.30, 10.0.0.1')).toBe(messages.tooManyAttempts);
    expect(await attempt(twoHops, '127.0.0.1', '203.0.113.31, 10.0.0.1')).toBe(401);
  });
});
