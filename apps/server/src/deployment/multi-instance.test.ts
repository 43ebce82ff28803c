import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestMailTo, outboxOf } from '../../../../test-kit/eml-outbox.ts';
import { tokenInMail } from '../../../../test-kit/mail-link.ts';
import { signedInUser, type TokenSource } from '../../../../test-kit/sign-up-flow.ts';
import { fetchTransport } from '../../../../test-kit/transport.ts';
import { isChanged, openEventStream, type EventStreamClient } from '../testing/event-stream.ts';
import { onePersonPhoto } from '../testing/face-calls.ts';
import { pairGlassesOverHttp } from '../testing/paired-glasses.ts';
import { freePort, startPortalProcess, type PortalProcess } from '../testing/portal-process.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';

const HAPROXY = '/usr/sbin/haproxy';
const CONFIG = path.resolve(import.meta.dirname, '../../../../docs/haproxy.cfg');
const DEPLOY_DOC = path.resolve(import.meta.dirname, '../../../../docs/deploy.md');
const enabled = Boolean(process.env.TEST_DATABASE_URL) && fs.existsSync(HAPROXY);

/** The e-mail's token from whichever instance's outbox it landed in. */
function eitherOutbox(instances: PortalProcess[]): TokenSource {
  return async (to, page) => {
    for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 50))) {
      for (const instance of instances) {
        const mail = newestMailTo(outboxOf(instance.dataDir), to);
        const token = mail === undefined ? undefined : tokenInMail(mail, page);
        if (token) return token;
      }
    }
    throw new Error(`no ${page} e-mail to ${to}`);
  };
}

/** HAProxy's view of each server: 'UP', 'DOWN', … by server name. */
async function serverStates(statsUrl: string): Promise<Record<string, string>> {
  const csv = await (await fetch(`${statsUrl}/;csv`)).text();
  const [header = '', ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const name = columns.indexOf('svname');
  const status = columns.indexOf('status');
  const states: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[0] === 'seva' && !['FRONTEND', 'BACKEND'].includes(cells[name]!)) states[cells[name]!] = cells[status]!.split(' ')[0]!;
  }
  return states;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe.runIf(enabled)('two instances behind HAProxy on one PostgreSQL', () => {
  const instances: PortalProcess[] = [];
  let haproxy: ChildProcess;
  let haproxyLog = '';
  let lb: string;
  let stats: string;
  let drop: () => Promise<void>;
  let instanceEnv: Record<string, string>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase('lb');
    drop = scratch.drop;
    const [listen, statsPort] = [await freePort(), await freePort()];
    lb = `http://127.0.0.1:${listen}`;
    stats = `http://127.0.0.1:${statsPort}`;
    // One after the other: the first creates the schema and seeds the sample manual.
    instanceEnv = { DATABASE_URL: scratch.url, TRUST_PROXY: '1', PUBLIC_URL: lb, SHUTDOWN_DRAIN_SECONDS: '3' };
    for (let i = 0; i < 2; i += 1) {
      instances.push(await startPortalProcess({ env: instanceEnv }));
    }
    haproxy = spawn(HAPROXY, ['-db', '-f', CONFIG], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        SEVA_LISTEN: `127.0.0.1:${listen}`,
        SEVA_STATS: `127.0.0.1:${statsPort}`,
        SEVA_1: `127.0.0.1:${instances[0]!.port}`,
        SEVA_2: `127.0.0.1:${instances[1]!.port}`,
      },
    });
    haproxy.stdout?.on('data', (chunk: Buffer) => (haproxyLog += chunk.toString()));
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyLog += chunk.toString()));
    await until('HAProxy sees both instances up', async () => {
      if (haproxy.exitCode !== null) throw new Error(`HAProxy exited with ${haproxy.exitCode}`);
      const states = await serverStates(stats).catch(() => ({}) as Record<string, string>);
      return states.seva1 === 'UP' && states.seva2 === 'UP' ? true : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${haproxyLog}`);
    });
  });

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    for (const instance of instances) {
      await instance.crash();
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await drop?.();
  });

  const send = () => fetchTransport(lb);
  /** Who GET /api/auth/session says is signed in (null: nobody). */
  const signedInAs = (answer: { status: number; json: unknown }) =>
    answer.status === 200 ? ((answer.json as { user?: { email: string } | null }).user?.email ?? null) : null;
  const servedBy = (answer: { headers: Record<string, string | string[]> }) => String(answer.headers['x-seva-instance']);
  const instancePort = (name: string) => instances[name === 'seva1' ? 0 : 1]!.port;

  it('runs the configuration docs/deploy.md shows', () => {
    expect(fs.readFileSync(DEPLOY_DOC, 'utf8')).toContain(fs.readFileSync(CONFIG, 'utf8').trim());
  });

  it('signs up, verifies and signs in through the balancer, and serves the session from both instances', async () => {
    const { cookie } = await signedInUser({ send: send(), tokenFor: eitherOutbox(instances) });
    const seen = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const answer = await send()('GET', '/api/auth/session', undefined, { cookie });
      expect(answer.status).toBe(200);
      seen.add(servedBy(answer));
    }
    expect([...seen].sort()).toEqual(['seva1', 'seva2']);
  });

  it("gives every request the balancer's id, whatever id a client sends", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const answer = await fetch(`${lb}/api/health`, { headers: { 'X-Request-Id': 'client-chosen-id-123' } });
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });

  it('signs out on one instance, and the other no longer knows the session', async () => {
    const { user, cookie } = await signedInUser({ send: send(), tokenFor: eitherOutbox(instances) });
    expect(signedInAs(await send()('GET', '/api/auth/session', undefined, { cookie }))).toBe(user.email);
    const signOut = await send()('POST', '/api/auth/sign-out', {}, { cookie });
    expect(signOut.status).toBeLessThan(300);
    const other = servedBy(signOut) === 'seva1' ? 'seva2' : 'seva1';
    const answer = await until(`a request is served by ${other}`, async () => {
      const attempt = await send()('GET', '/api/auth/session', undefined, { cookie });
      return servedBy(attempt) === other ? attempt : undefined;
    });
    expect(signedInAs(answer)).toBeNull();
    expect(signedInAs(await fetchTransport(`http://127.0.0.1:${instancePort(other)}`)('GET', '/api/auth/session', undefined, { cookie }))).toBeNull();
  });

  it('counts failed sign-ins across both instances', async () => {
    const { input } = await signedInUser({ send: send(), tokenFor: eitherOutbox(instances) });
    const seen = new Set<string>();
    // The account limit is 10 attempts in 15 minutes, wherever they land.
    for (let i = 0; i < 10; i += 1) {
      const answer = await send()('POST', '/api/auth/sign-in', { licenseId: input.licenseId, password: 'Wrong-Cactus9!' });
      expect(answer.status).toBe(401);
      seen.add(servedBy(answer));
    }
    expect([...seen].sort()).toEqual(['seva1', 'seva2']);
    for (const name of ['seva1', 'seva2']) {
      const answer = await until(`a sign-in is served by ${name}`, async () => {
        const attempt = await send()('POST', '/api/auth/sign-in', { licenseId: input.licenseId, password: input.password });
        return servedBy(attempt) === name ? attempt : undefined;
      });
      expect(answer.status).toBe(429);
      expect((answer.json as { message: string }).message).toBe(messages.tooManyAttempts);
    }
  });

  it('stores a face through one instance and lists and downloads it through the other', async () => {
    const { user, cookie } = await signedInUser({ send: send(), tokenFor: eitherOutbox(instances) });
    const photo = onePersonPhoto();
    const form = new FormData();
    form.append('name', 'Penny');
    form.append('email', user.email);
    form.append('face_id', randomUUID());
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'penny.jpg');
    const stored = await fetch(`${lb}/face-api/store_face`, { method: 'POST', headers: { cookie }, body: form });
    expect(stored.status).toBe(200);
    const { face_url: faceUrl } = (await stored.json()) as { face_url: string };
    const other = stored.headers.get('x-seva-instance') === 'seva1' ? 'seva2' : 'seva1';

    const listed = await until(`a list is served by ${other}`, async () => {
      const response = await fetch(`${lb}/face-api/get_all_faces`, { method: 'POST', headers: { cookie }, body: new URLSearchParams({ email: user.email }) });
      return response.headers.get('x-seva-instance') === other ? response : undefined;
    });
    expect(((await listed.json()) as Array<{ name: string; face_url: string }>).map((face) => [face.name, face.face_url])).toEqual([['Penny', faceUrl]]);
    const image = await until(`a download is served by ${other}`, async () => {
      const response = await fetch(`${lb}${faceUrl}`, { headers: { cookie } });
      return response.headers.get('x-seva-instance') === other ? response : undefined;
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  const saveContact = (base: string, cookie: string, name: string) =>
    fetchTransport(base)('PUT', '/api/contacts', { primary: { name, countryCode: '+91', phoneNumber: '9876543210' } }, { cookie });
  const syncAt = async (token: string, since: string) =>
    (await fetch(`${lb}/device-api/sync?since=${since}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as { cursor: string; emergency_contacts: Array<{ name: string }> };

  it('streams changes made through either instance to glasses held by one, and a reconnect after a crash misses nothing', async () => {
    const { cookie } = await signedInUser({ send: send(), tokenFor: eitherOutbox(instances) });
    const token = await pairGlassesOverHttp(lb, cookie);
    // The glasses' stream, held through the balancer by seva1 (the instance the crash takes away).
    const streams: EventStreamClient[] = [];
    const stream = await until('a stream is held by seva1', async () => {
      const attempt = await openEventStream(`${lb}/device-api/events`, { authorization: `Bearer ${token}` });
      streams.push(attempt);
      return attempt.headers.get('x-seva-instance') === 'seva1' ? attempt : undefined;
    });
    let cursor = (await stream.next(isChanged)).id!;

    for (const [i, instance] of instances.entries()) {
      const name = `Contact via seva${i + 1}`;
      expect((await saveContact(instance.url, cookie, name)).status).toBe(200);
      const heard = (await stream.next(isChanged)).id!;
      expect((await syncAt(token, cursor)).emergency_contacts.map((c) => c.name)).toEqual([name]);
      cursor = heard;
    }

    await instances[0]!.crash();
    await stream.ended;
    // Changed while the glasses are away; their reconnect (Last-Event-ID) lands on seva2 and hears of it at once.
    expect((await saveContact(instances[1]!.url, cookie, 'Changed while away')).status).toBe(200);
    const again = await until('the reconnect is answered', async () => {
      const attempt = await openEventStream(`${lb}/device-api/events`, { authorization: `Bearer ${token}`, 'last-event-id': cursor });
      streams.push(attempt);
      return attempt.status === 200 ? attempt : undefined;
    });
    expect(again.headers.get('x-seva-instance')).toBe('seva2');
    const caughtUp = (await again.next(isChanged)).id!;
    expect(await syncAt(token, cursor)).toMatchObject({ cursor: caughtUp, emergency_contacts: [{ name: 'Changed while away' }] });
    await Promise.all(streams.map((s) => s.close()));

    // seva1 back, as the next test needs it.
    instances[0] = await startPortalProcess({ port: instances[0]!.port, dataDir: instances[0]!.dataDir, env: instanceEnv });
    await until('HAProxy sees seva1 up again', async () => ((await serverStates(stats)).seva1 === 'UP' ? true : undefined));
  });

  it('drops an instance killed under load, and every request after the health checks noticed succeeds', async () => {
    const { cookie } = await signedInUser({ send: send(), tokenFor: eitherOutbox(instances) });
    const results: Array<{ at: number; ok: boolean; by: string | null }> = [];
    let running = true;
    const client = async () => {
      while (running) {
        const at = Date.now();
        try {
          const response = await fetch(`${lb}/api/auth/session`, { headers: { cookie } });
          await response.arrayBuffer();
          results.push({ at, ok: response.status === 200, by: response.headers.get('x-seva-instance') });
        } catch {
          results.push({ at, ok: false, by: null });
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await until('both instances served the load', async () => (new Set(results.map((r) => r.by)).size >= 2 ? true : undefined));

    const killedAt = Date.now();
    await instances[0]!.crash();
    const downAt = await until('HAProxy marks seva1 down', async () => ((await serverStates(stats)).seva1 === 'DOWN' ? Date.now() : undefined));
    const afterDown = () => results.filter((result) => result.at > downAt);
    await until('200 requests after seva1 went down', async () => (afterDown().length >= 200 ? true : undefined));
    running = false;
    await Promise.all(clients);

    // fall 2 x inter 1 s: the checks notice within about two seconds.
    expect(downAt - killedAt).toBeLessThan(5_000);
    expect(afterDown().every((result) => result.ok && result.by === 'seva2')).toBe(true);
    expect((await serverStates(stats)).seva2).toBe('UP');
  });
});
