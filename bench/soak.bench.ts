// Issue #13: 200 connections for 60 s of mixed traffic on one instance (session checks, faces lists, contact saves,
// face stores at a small steady rate): errors, p99 per call, the server's RSS at the start and the end. Then each main
// call alone for 10 s (the glasses' sync among them): the per-instance capacity figures docs/deploy.md builds on.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { insertPeopleRows } from '../apps/server/src/testing/stored-faces.ts';
import { storeFace } from '../test-kit/face-storing.ts';
import { pairGlasses } from '../test-kit/glasses-pairing.ts';
import { portalOverHttp, registerVerifiedUser, signIn } from '../test-kit/sign-up-flow.ts';
import { benchPhoto } from './support/face-photo.ts';
import { fmt, startPortal } from './support/processes.ts';
import { heading, sized, smoke, verdict } from './support/smoke.ts';

const SOAK_SECONDS = sized(60, 2);
const WARM_SECONDS = sized(15, 1);
const CAPACITY_SECONDS = sized(10, 1);
/** Users signed in; all but the first store faces in turn, each well within their limit of two pictures in flight. */
const USERS = sized(20, 6);
const LISTED_FACES = sized(100, 10);
/** Connections per call in the soak (200 in all) and face stores a second across them. */
const MIX = sized({ session: 110, list: 50, contacts: 30, store: 10 }, { session: 11, list: 5, contacts: 3, store: 2 });
const STORES_PER_SECOND = 2;
/** Each pair of glasses syncs every 5 minutes; an instance is planned to run at half its capacity. */
const SYNC_EVERY_S = 300;
const HEADROOM = 0.5;

const photo = await benchPhoto();
const portal = await startPortal(0, { FACE_THREADS: '2', SKIP_WEB_BUILD: '1' });

/** The server's resident memory: the start script's child. */
function serverRssMb(): number {
  const child = fs.readFileSync(`/proc/${portal.pid}/task/${portal.pid}/children`, 'utf8').trim().split(/\s+/)[0];
  const status = fs.readFileSync(`/proc/${child}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** A store_face body built at once, as autocannon's setupRequest needs it (the test kit's storeFace encodes asynchronously). */
function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; type: string } {
  const boundary = `----soak${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="face.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

try {
  const http = portalOverHttp(portal);
  const users: Array<{ email: string; cookie: string; licenseId: string; password: string }> = [];
  for (let i = 0; i < USERS; i += 1) {
    const input = await registerVerifiedUser(http);
    const { cookie } = await signIn(http.send, input);
    users.push({ email: input.email, cookie, licenseId: input.licenseId, password: input.password });
  }
  // The listed user's faces go straight into the faces store, each with its change number: only reading them is measured.
  const lister = users[0]!;
  const { db, close } = await openDatabase({ dataDir: portal.dataDir, databaseUrl: undefined, databaseSchema: undefined });
  const { uid } = await db.selectFrom('users').select('uid').where('email', '=', lister.email).executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => insertPeopleRows(trx, uid, LISTED_FACES));
  await close();

  // The lister's glasses, paired as the firmware pairs them; their routine sync asks what changed since the last one.
  const bearer = `Bearer ${(await pairGlasses(http, lister, { deviceName: 'Soak glasses' })).accessToken}`;
  const fullSync = await fetch(`${portal.url}/device-api/sync`, { headers: { authorization: bearer } });
  if (!fullSync.ok) throw new Error(`sync: ${fullSync.status} ${await fullSync.text()}`);
  const { cursor } = (await fullSync.json()) as { cursor: string };

  // One face stored first, as any of them is: the face workers start on the first, and a store that fails stops here.
  await storeFace(http, users[1]!, { name: 'First face', picture: photo });

  let storeTurn = 0;
  const calls = {
    session: (): Parameters<typeof autocannon>[0]['requests'] => [
      { method: 'GET', path: '/api/auth/session', setupRequest: (request) => ({ ...request, headers: { cookie: pick(users).cookie } }) },
    ],
    list: (): Parameters<typeof autocannon>[0]['requests'] => [
      {
        method: 'POST',
        path: '/face-api/get_all_faces',
        headers: { cookie: lister.cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip' },
        body: `email=${encodeURIComponent(lister.email)}`,
      },
    ],
    contacts: (): Parameters<typeof autocannon>[0]['requests'] => [
      {
        method: 'PUT',
        path: '/api/contacts',
        setupRequest: (request) => ({
          ...request,
          headers: { cookie: pick(users).cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ primary: { name: `Asha ${randomUUID().slice(0, 8)}`, countryCode: '+91', phoneNumber: '9876543210' } }),
        }),
      },
    ],
    store: (): Parameters<typeof autocannon>[0]['requests'] => [
      {
        method: 'POST',
        path: '/face-api/store_face',
        setupRequest: (request) => {
          // In turn: one user stores one face at a time, as people do (two analyses in flight is a user's limit).
          const user = users[1 + (storeTurn++ % (users.length - 1))]!;
          const { body, type } = multipart({ name: `Face ${randomUUID()}`, email: user.email, face_id: randomUUID() }, photo);
          return { ...request, headers: { cookie: user.cookie, 'content-type': type }, body };
        },
      },
    ],
    sync: (): Parameters<typeof autocannon>[0]['requests'] => [
      { method: 'GET', path: `/device-api/sync?since=${encodeURIComponent(cursor)}`, headers: { authorization: bearer, 'accept-encoding': 'gzip' } },
    ],
    signIn: (): Parameters<typeof autocannon>[0]['requests'] => [
      {
        method: 'POST',
        path: '/api/auth/sign-in',
        setupRequest: (request) => {
          const user = pick(users);
          return { ...request, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ licenseId: user.licenseId, password: user.password }) };
        },
      },
    ],
  };
  const run = (call: keyof typeof calls, connections: number, seconds: number, overallRate?: number): Promise<Result> =>
    autocannon({ url: portal.url, connections, duration: seconds, requests: calls[call](), ...(overallRate ? { overallRate } : {}) });
  // autocannon counts a timeout among its errors as well as on its own.
  const errorsOf = (result: Result) => result.errors + result.non2xx;
  /** The errors, told apart: no answer in time (an overloaded machine), or an answer other than 2xx (a failure). */
  const errorDetail = (result: Result) => {
    if (errorsOf(result) === 0) return '';
    const statuses = Object.entries(result.statusCodeStats)
      .filter(([status]) => /^[3-5]\d\d$/.test(status))
      .map(([status, { count }]) => `${count} x ${status}`);
    return ` (${result.timeouts} timeouts, ${result.errors - result.timeouts} other connection errors${statuses.length > 0 ? `, ${statuses.join(', ')}` : ''})`;
  };

  const mix = (seconds: number) =>
    Promise.all([
      run('session', MIX.session, seconds),
      run('list', MIX.list, seconds),
      run('contacts', MIX.contacts, seconds),
      run('store', MIX.store, seconds, STORES_PER_SECOND),
    ]);
  // Warm with the same mix: face workers loaded, V8's young generation and SQLite's cache grown to their size under
  // this load, so that the RSS compared is the steady state's, and growth after it is what the soak adds.
  await mix(WARM_SECONDS);
  const rssStart = serverRssMb();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(serverRssMb()), 10_000);
  const soak = await mix(SOAK_SECONDS);
  clearInterval(sampler);
  const rssEnd = serverRssMb();
  const totalErrors = soak.reduce<number>((sum, result) => sum + errorsOf(result), 0);
  const growth = (rssEnd - rssStart) / rssStart;

  heading(`soak: ${Object.values(MIX).reduce<number>((a, b) => a + b, 0)} connections for ${SOAK_SECONDS} s on one instance, ${os.cpus().length} cores shared with the load generator`);
  const names = { session: 'session check   GET /api/auth/session', list: `faces list      get_all_faces (${LISTED_FACES} faces)`, contacts: 'contact save    PUT /api/contacts', store: `face store      store_face (${STORES_PER_SECOND}/s)` };
  for (const [i, key] of (['session', 'list', 'contacts', 'store'] as const).entries()) {
    const result = soak[i]!;
    console.log(`  ${names[key]}  ${fmt(result.requests.average, 0)} req/s  p99 ${result.latency.p99} ms  errors ${errorsOf(result)} of ${result.requests.total}${errorDetail(result)}`);
  }
  console.log(`  errors: ${totalErrors} (target 0) ${verdict(totalErrors === 0)}`);
  console.log(
    `  server RSS ${fmt(rssStart, 0)} MB at the start (after ${WARM_SECONDS} s of the same mix), ${fmt(rssEnd, 0)} MB at the end: ` +
      `${fmt(growth * 100)} % (target < 15 %) ${verdict(growth < 0.15)}; every 10 s: ${samples.map((mb) => fmt(mb, 0)).join(', ')} MB`,
  );

  // Each call alone: what one instance serves of it a second (docs/deploy.md).
  const alone = {
    session: await run('session', 50, CAPACITY_SECONDS),
    sync: await run('sync', 50, CAPACITY_SECONDS),
    list: await run('list', 50, CAPACITY_SECONDS),
    contacts: await run('contacts', 50, CAPACITY_SECONDS),
    signIn: await run('signIn', 20, CAPACITY_SECONDS),
    store: await run('store', 4, CAPACITY_SECONDS),
  };
  console.log(`capacity of one instance, each call alone for ${CAPACITY_SECONDS} s (this machine: ${os.cpus().length} cores, shared with the load generator)`);
  const line = (label: string, result: Result) =>
    console.log(`  ${label}  ${fmt(result.requests.average, 0)} req/s  p99 ${result.latency.p99} ms  errors ${errorsOf(result)}${errorDetail(result)}`);
  line('session check          ', alone.session);
  line('glasses sync (no change)', alone.sync);
  line(`faces list (${LISTED_FACES} faces)  `, alone.list);
  line('contact save           ', alone.contacts);
  line('sign-in (argon2id)     ', alone.signIn);
  line('face store (4 at once) ', alone.store);
  const syncRate = alone.sync.requests.average;
  const glasses = Math.floor(syncRate * SYNC_EVERY_S * HEADROOM);
  console.log(
    `  glasses one instance serves, each syncing every ${SYNC_EVERY_S / 60} min, at ${HEADROOM * 100} % load: ${glasses.toLocaleString('en')} ` +
      `(${fmt(syncRate, 0)} syncs/s x ${SYNC_EVERY_S} s x ${HEADROOM})`,
  );
  const ratio = (a: Result, b: Result) => fmt(a.requests.average / b.requests.average, 3);
  console.log(
    `  ratios to the session check: sync ${ratio(alone.sync, alone.session)}, faces list ${ratio(alone.list, alone.session)}, ` +
      `contact save ${ratio(alone.contacts, alone.session)}, sign-in ${ratio(alone.signIn, alone.session)}, face store ${ratio(alone.store, alone.session)}`,
  );
  // Printed first, then the benchmark fails on an answer other than 2xx (a 429 or a 5xx is a failure, not a figure);
  // requests not answered in time are the errors figure of a full run on a busy machine, and a failure in a smoke round.
  const results = [...soak, ...Object.values(alone)];
  const refused = results.reduce<number>((sum, result) => sum + result.non2xx, 0);
  const unanswered = results.reduce<number>((sum, result) => sum + result.errors, 0);
  if (refused > 0 || (smoke && unanswered > 0)) throw new Error(`${refused} requests answered other than 2xx and ${unanswered} not answered`);
} finally {
  // Face stores still queued finish during the graceful shutdown: wait for it before the data folder goes.
  process.kill(portal.pid, 'SIGTERM');
  while (fs.existsSync(`/proc/${portal.pid}`) && !fs.readFileSync(`/proc/${portal.pid}/stat`, 'utf8').includes(') Z')) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  portal.stop();
}
