// Issue #19: the glasses' event streams. Two instances on PostgreSQL behind HAProxy (docs/haproxy.cfg), glasses
// connected across them, contact saves made through either instance: the time from sending the change to each
// stream's `changed` (p50, p95); then one instance holding many idle streams with heartbeats: memory per stream and
// errors. Needs PostgreSQL (TEST_DATABASE_URL, default the local test server) and /usr/sbin/haproxy.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { hashToken, newToken } from '../apps/server/src/tokens.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createScratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { freePort } from '../apps/server/src/testing/portal-process.ts';
import { portalOverHttp, signedInUser } from '../test-kit/sign-up-flow.ts';
import { fmt, percentile, repoRoot, startPortal } from './support/processes.ts';
import { rssMb, serverPid } from './support/server-memory.ts';
import { sized, smoke } from './support/smoke.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const ACCOUNTS = sized(20, 2);
const GLASSES_CONNECTED = sized(1000, 20);
const IDLE_STREAMS = sized(10_000, 100);
const CHANGES = sized(100, 6);
const HOLD_SECONDS = sized(20, 3);
const TARGET_P95_MS = 250;
const TARGET_KB_PER_STREAM = 16;

/** One SSE client over a plain http.request (lighter than fetch, for thousands): the time each cursor arrived. */
function stream(url: string, token: string, onEvent: (event: string, id: string) => void, onComment: () => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`events answered ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) onComment();
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (event && id) onEvent(event, id);
        }
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

const scratch = await createScratchDatabase('push');
const ports = { lb: await freePort(), stats: await freePort(), one: await freePort(), two: await freePort() };
const env = { DATABASE_URL: scratch.url, TRUST_PROXY: '1', EVENTS_PER_ACCOUNT: '1000', EVENTS_HEARTBEAT_SECONDS: '2' };
const one = await startPortal(ports.one, env);
const two = await startPortal(ports.two, env);
const lb = `http://127.0.0.1:${ports.lb}`;
const haproxy = spawn('/usr/sbin/haproxy', ['-db', '-f', path.join(repoRoot, 'docs/haproxy.cfg')], {
  stdio: 'ignore',
  env: { ...process.env, SEVA_LISTEN: `127.0.0.1:${ports.lb}`, SEVA_STATS: `127.0.0.1:${ports.stats}`, SEVA_1: `127.0.0.1:${ports.one}`, SEVA_2: `127.0.0.1:${ports.two}` },
});
const clients: http.ClientRequest[] = [];
let failed = false;
try {
  // Accounts signed up over HTTP; their glasses' rows and tokens written straight in (pairing is not measured).
  const users = [];
  for (let i = 0; i < ACCOUNTS; i += 1) users.push(await signedInUser(portalOverHttp(one)));
  const perAccount = Math.ceil(IDLE_STREAMS / ACCOUNTS);
  const glasses: Array<{ account: number; token: string }> = [];
  const { db, close } = await openDatabase({ dataDir: one.dataDir, databaseUrl: scratch.url, databaseSchema: undefined });
  for (const [account, { user }] of users.entries()) {
    const rows = Array.from({ length: perAccount }, (_, i) => {
      const token = newToken();
      glasses.push({ account, token: token.token });
      return { id: crypto.randomUUID(), user_id: user.uid, name: `Bench glasses ${i}`, client_id: 'seva-glasses', token_hash: hashToken(token.token), paired_at: new Date().toISOString(), last_seen_at: null };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('devices').values(rows.slice(i, i + 500)).execute();
  }
  await close();
  for (let i = 0; i < 100 && !(await fetch(`${lb}/api/health`).then((r) => r.ok).catch(() => false)); i += 1) await new Promise((r) => setTimeout(r, 100));

  // Part 1: glasses connected through HAProxy, spread over the accounts; each change is a contact save on one instance.
  const connected = Array.from({ length: GLASSES_CONNECTED }, (_, i) => glasses[(i % ACCOUNTS) * perAccount + Math.floor(i / ACCOUNTS)]!);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const heard = new Map<string, number>();
  let seq = 0;
  for (const g of connected) {
    clients.push(
      await stream(`${lb}/device-api/events`, g.token, (event, id) => {
        if (event !== 'changed') return;
        const s = JSON.parse(Buffer.from(id, 'base64url').toString()).s as number;
        const key = `${g.account}:${s}`;
        const sent = sentAt.get(key);
        if (sent !== undefined) latencies.push(performance.now() - sent);
        heard.set(key, (heard.get(key) ?? 0) + 1);
      }, () => undefined),
    );
  }
  await new Promise((r) => setTimeout(r, 1000));
  const counters = new Map<number, number>();
  const answered: number[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const account = i % ACCOUNTS;
    const via = i % 2 === 0 ? one : two;
    // The account's next change number: contacts saves are its only changes here (the first sets no face).
    const next = (counters.get(account) ?? 0) + 1;
    counters.set(account, next);
    sentAt.set(`${account}:${next}`, performance.now());
    const saved = await fetch(`${via.url}/api/contacts`, {
      method: 'PUT',
      headers: { cookie: users[account]!.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ primary: { name: `Contact ${i}`, countryCode: '+91', phoneNumber: '9876543210' } }),
    });
    if (saved.status !== 200) throw new Error(`contact save answered ${saved.status}`);
    answered.push(performance.now() - sentAt.get(`${account}:${next}`)!);
    await new Promise((r) => setTimeout(r, 50));
    seq += 1;
  }
  await new Promise((r) => setTimeout(r, 2000));
  const expected = CHANGES * (GLASSES_CONNECTED / ACCOUNTS);
  console.log(`${GLASSES_CONNECTED} glasses through HAProxy on 2 instances, ${seq} changes through either instance: ${latencies.length} of ${expected} events heard`);
  console.log(`  change sent → changed received: p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(percentile(latencies, 95))} ms (target p95 ≤ ${TARGET_P95_MS} ms)`);
  console.log(`  (the change's own request, sent → answered, within that: p50 ${fmt(percentile(answered, 50))} ms, p95 ${fmt(percentile(answered, 95))} ms)`);
  if (!smoke && (latencies.length < expected || percentile(latencies, 95) > TARGET_P95_MS)) failed = true;
  for (const client of clients.splice(0)) client.destroy();
  await new Promise((r) => setTimeout(r, 1000));

  // Part 2: one instance holds every pair of glasses' stream, idle, with a heartbeat every 2 s.
  const pid = serverPid(one.pid);
  const before = rssMb(pid);
  let heartbeats = 0;
  let errors = 0;
  let half = { streams: 0, rss: before };
  for (let i = 0; i < glasses.length; i += 1) {
    if (i === glasses.length / 2) {
      await new Promise((r) => setTimeout(r, 3000));
      half = { streams: clients.length, rss: rssMb(pid) };
    }
    try {
      clients.push(await stream(`${one.url}/device-api/events`, glasses[i]!.token, () => undefined, () => (heartbeats += 1)));
    } catch {
      errors += 1;
    }
  }
  for (const client of clients) client.on('error', () => (errors += 1));
  heartbeats = 0;
  await new Promise((r) => setTimeout(r, HOLD_SECONDS * 1000));
  const after = rssMb(pid);
  // The second half's growth: the server's young generation grows to its limit (--max-semi-space-size) with the
  // first streams' garbage and never shrinks, so the whole growth would charge that to the streams.
  const perStreamKb = ((after - half.rss) * 1024) / (clients.length - half.streams);
  const overallKb = ((after - before) * 1024) / clients.length;
  console.log(`one instance, ${clients.length} idle streams held ${HOLD_SECONDS} s: ${errors} errors, ${heartbeats} heartbeats heard (${fmt(heartbeats / clients.length, 1)} per stream)`);
  console.log(`  server memory ${fmt(before, 0)} → ${fmt(half.rss, 0)} MB at ${half.streams} → ${fmt(after, 0)} MB: ${fmt(perStreamKb, 1)} KB per idle stream over the second half (target ≤ ${TARGET_KB_PER_STREAM} KB); ${fmt(overallKb, 1)} KB over all`);
  if (!smoke && (errors > 0 || heartbeats < clients.length || perStreamKb > TARGET_KB_PER_STREAM)) failed = true;
} finally {
  for (const client of clients) client.destroy();
  haproxy.kill('SIGTERM');
  one.stop();
  two.stop();
  // The instances close their PostgreSQL connections before their database goes.
  await new Promise((r) => setTimeout(r, 3000));
  await scratch.drop();
}
process.exit(failed ? 1 : 0);
