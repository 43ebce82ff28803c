import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hopCountWarning } from '../app.ts';
import { freePort, startPortalProcess, type PortalProcess } from '../testing/portal-process.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { createTestApp } from '../testing/test-app.ts';

const HAPROXY = '/usr/sbin/haproxy';
const CONFIG = path.resolve(import.meta.dirname, '../../../../docs/haproxy.cfg');

/** A wrong sign-in for `licenseId` sent from the local address `from` (127.0.0.x), with extra headers. */
function wrongSignIn(base: string, from: string, licenseId: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ licenseId, password: 'Wrong-Cactus9!' });
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/auth/sign-in`, { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The portal behind HAProxy (docs/haproxy.cfg, both servers pointing at one instance), trusting only the proxy.
 * What a client's address decides is observed through the failed sign-ins per (account, address): 10 in 15 minutes.
 */
const setups = [
  { trust: 'loopback', postgres: false },
  // The proxy's own address as a CIDR among others, on PostgreSQL when the tests have one.
  { trust: '127.0.0.1/32,10.0.0.0/8', postgres: Boolean(process.env.TEST_DATABASE_URL) },
];

describe.runIf(fs.existsSync(HAPROXY)).each(setups)('TRUST_PROXY=$trust behind HAProxy', ({ trust, postgres }) => {
  let portal: PortalProcess;
  let haproxy: ChildProcess;
  let lb: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const scratch = postgres ? await createScratchDatabase('proxy') : undefined;
    drop = scratch?.drop;
    portal = await startPortalProcess({ env: { TRUST_PROXY: trust, ...(scratch ? { DATABASE_URL: scratch.url } : {}) } });
    const [listen, stats] = [await freePort(), await freePort()];
    lb = `http://127.0.0.1:${listen}`;
    const server = `127.0.0.1:${portal.port}`;
    haproxy = spawn(HAPROXY, ['-db', '-f', CONFIG], { stdio: 'ignore', env: { ...process.env, SEVA_LISTEN: `127.0.0.1:${listen}`, SEVA_STATS: `127.0.0.1:${stats}`, SEVA_1: server, SEVA_2: server } });
    for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const ok = await fetch(`${lb}/api/health`).then((answer) => answer.status === 200, () => false);
      if (ok) break;
      if (Date.now() > deadline || haproxy.exitCode !== null) throw new Error('HAProxy did not start serving the portal');
    }
  });
  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await portal?.crash();
    if (portal) fs.rmSync(portal.dataDir, { recursive: true, force: true });
    await drop?.();
  });

  it("counts each client by its own address through the proxy, whatever X-Forwarded-For it sends", async () => {
    const licenseId = `LIC-PROXY-${Date.now()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push(await wrongSignIn(lb, '127.0.0.2', licenseId));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another client behind the same proxy is not the blocked one, even when it claims to be.
    expect(await wrongSignIn(lb, '127.0.0.3', licenseId)).toBe(401);
    expect(await wrongSignIn(lb, '127.0.0.3', licenseId, { 'X-Forwarded-For': '127.0.0.2' })).toBe(401);
  });

  it.runIf(trust !== 'loopback')('ignores X-Forwarded-For from a client that reaches the instance directly', async () => {
    const licenseId = `LIC-DIRECT-${Date.now()}`;
    for (let i = 0; i < 10; i += 1) await wrongSignIn(lb, '127.0.0.2', licenseId);
    expect(await wrongSignIn(lb, '127.0.0.2', licenseId)).toBe(429);
    expect(await wrongSignIn(portal.url, '127.0.0.4', licenseId, { 'X-Forwarded-For': '10.1.2.3, 127.0.0.2' })).toBe(401);
  });
});

describe('a hop-count TRUST_PROXY', () => {
  it('is warned about at start, naming the safer setting', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const t = await createTestApp('sqlite', { trustProxy: 1, logLevel: 'warn' }, { logStream: stream });
    await t.close();
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain(hopCountWarning(1));
    expect(hopCountWarning(1)).toContain("Set TRUST_PROXY to the proxies' addresses");
  });
});
