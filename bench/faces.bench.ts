// Issue #3: the face backend over HTTP on the real server, loaded as people load it: store_face one at a time and
// with several users storing at once (each within their limit of two pictures in flight), for 1 and 2 face threads;
// what one user sees past that limit (the 429, its words and how long until a store is taken again); recognize; and
// get_all_faces for a user with 1,000 faces.
import { randomUUID } from 'node:crypto';
import { MAX_ANALYSES_IN_FLIGHT } from '@seva/shared';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { insertPeopleRows } from '../apps/server/src/testing/stored-faces.ts';
import { storeFaceForm } from '../test-kit/face-storing.ts';
import { portalOverHttp, signedInUser } from '../test-kit/sign-up-flow.ts';
import { benchPhoto } from './support/face-photo.ts';
import { fmt, percentile, startPortal } from './support/processes.ts';
import { heading, sized, verdict } from './support/smoke.ts';
import { wireBytes } from './support/wire-bytes.ts';

const THREAD_COUNTS = [1, 2] as const;
/** Stores by one user, one after the other: the latency the target is about. */
const ONE_AT_A_TIME = sized(20, 2);
/** Users storing at once, each keeping MAX_ANALYSES_IN_FLIGHT pictures in flight, and the pictures they store. */
const LOAD_USERS = sized(4, 2);
const LOAD_IMAGES = sized(40, 4);
const RECOGNITIONS = sized(20, 2);
const LISTED_FACES = sized(1000, 50);
const LISTS = sized(50, 3);
const STORE_P50_TARGET_MS = 100;
const LIST_P50_TARGET_MS = 20;
const LIST_WIRE_TARGET_KB = 150;

const photo = await benchPhoto();

type Portal = Awaited<ReturnType<typeof startPortal>>;
type User = { email: string; cookie: string };

interface Answer {
  status: number;
  /** From sending the request to the last byte of the answer. */
  ms: number;
  /** When the last byte came (performance.now()). */
  at: number;
  text: string;
  retryAfter: string | null;
  encoding: string | null;
}

function form(fields: Record<string, string>, file?: Buffer): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append('file', new Blob([file], { type: 'image/jpeg' }), 'face.jpg');
  return body;
}

async function post(portal: Portal, user: User, route: string, body: FormData, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${portal.url}/face-api/${route}`, { method: 'POST', headers: { cookie: user.cookie, ...headers }, body });
  const text = await response.text();
  const at = performance.now();
  return { status: response.status, ms: at - started, at, text, retryAfter: response.headers.get('retry-after'), encoding: response.headers.get('content-encoding') };
}

/** A call the benchmark needs to succeed: anything else (a 429, a 5xx) stops it. */
async function ok(answer: Promise<Answer>, route: string): Promise<Answer> {
  const done = await answer;
  if (done.status !== 200) throw new Error(`${route}: ${done.status} ${done.text.slice(0, 300)}`);
  return done;
}

const store = (portal: Portal, user: User) => post(portal, user, 'store_face', storeFaceForm(user, { name: `Face ${randomUUID()}`, picture: photo, faceId: randomUUID() }));
const storeOk = (portal: Portal, user: User) => ok(store(portal, user), 'store_face');

/** Every user keeps MAX_ANALYSES_IN_FLIGHT stores going (never more) until `images` are stored: each store's latency and images a second. */
async function underLoad(portal: Portal, users: User[], images: number): Promise<{ latencies: number[]; perSecond: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    users.flatMap((user) =>
      Array.from({ length: MAX_ANALYSES_IN_FLIGHT }, async () => {
        while (next++ < images) latencies.push((await storeOk(portal, user)).ms);
      }),
    ),
  );
  return { latencies, perSecond: images / ((performance.now() - started) / 1000) };
}

/**
 * One user sends one store more than their limit at once: the one refused, its words and Retry-After, and how long
 * after the refusal the first of their pictures is done (from then on a store is taken again, which is checked).
 */
async function pastTheLimit(portal: Portal, user: User) {
  const answers = await Promise.all(Array.from({ length: MAX_ANALYSES_IN_FLIGHT + 1 }, () => store(portal, user)));
  const refused = answers.filter((answer) => answer.status === 429);
  const taken = answers.filter((answer) => answer.status === 200);
  if (refused.length !== 1 || taken.length !== MAX_ANALYSES_IN_FLIGHT) {
    throw new Error(`${answers.length} stores at once by one user answered ${answers.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join('; ')}: expected one 429`);
  }
  const refusal = refused[0]!;
  const firstDone = Math.min(...taken.map((answer) => answer.at));
  const again = await storeOk(portal, user);
  return {
    refusedInMs: refusal.ms,
    message: (JSON.parse(refusal.text) as { message: string }).message,
    retryAfter: refusal.retryAfter,
    waitMs: Math.max(0, firstDone - refusal.at),
    againMs: again.ms,
  };
}

/** 1,000 people of one photo straight into the store for a new user: only the list is measured here, not how they got there. */
async function listOf(portal: Portal, user: User, faces: number) {
  const { db, close } = await openDatabase({ dataDir: portal.dataDir, databaseUrl: undefined, databaseSchema: undefined });
  try {
    const { uid } = await db.selectFrom('users').select('uid').where('email', '=', user.email).executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => insertPeopleRows(trx, uid, faces));
  } finally {
    await close();
  }
  const lists: number[] = [];
  let plain = '';
  for (let i = 0; i < LISTS; i += 1) {
    const answer = await ok(post(portal, user, 'get_all_faces', form({ email: user.email }), { 'accept-encoding': 'gzip' }), 'get_all_faces');
    lists.push(answer.ms);
    plain = answer.text;
  }
  // fetch decodes gzip itself; what travels is what a raw request receives.
  const wire = await wireBytes(`${portal.url}/face-api/get_all_faces`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: `email=${encodeURIComponent(user.email)}`,
  });
  return { count: (JSON.parse(plain) as unknown[]).length, p50: percentile(lists, 50), plainKb: Buffer.byteLength(plain) / 1024, wireKb: wire.bytes / 1024, encoding: wire.encoding };
}

async function newUser(portal: Portal): Promise<User> {
  const { user, cookie } = await signedInUser(portalOverHttp(portal));
  return { email: user.email, cookie };
}

const ms = (values: number[]) => `p50 ${fmt(percentile(values, 50), 0)} ms, p95 ${fmt(percentile(values, 95), 0)} ms over ${values.length}`;

heading(`faces over HTTP, 640x480 JPEG with one face (${photo.length} bytes); a user may have ${MAX_ANALYSES_IN_FLIGHT} pictures in flight`);
const perSecond: Record<number, number> = {};
for (const threads of THREAD_COUNTS) {
  const portal = await startPortal(0, { FACE_THREADS: String(threads), SKIP_WEB_BUILD: '1' });
  try {
    const users: User[] = [];
    for (let i = 0; i < LOAD_USERS; i += 1) users.push(await newUser(portal));
    // Every worker loaded and warm: one store per thread, from different users.
    await Promise.all(Array.from({ length: threads }, (_, i) => storeOk(portal, users[i % users.length]!)));

    const alone: number[] = [];
    for (let i = 0; i < ONE_AT_A_TIME; i += 1) alone.push((await storeOk(portal, users[0]!)).ms);
    const load = await underLoad(portal, users, LOAD_IMAGES);
    perSecond[threads] = load.perSecond;
    const limit = await pastTheLimit(portal, users[0]!);

    const p50 = percentile(alone, 50);
    console.log(`  FACE_THREADS=${threads}`);
    console.log(`    store_face, one at a time        ${ms(alone)} (target p50 <= ${STORE_P50_TARGET_MS} ms) ${verdict(p50 <= STORE_P50_TARGET_MS)}`);
    console.log(
      `    store_face, ${LOAD_USERS} users x ${MAX_ANALYSES_IN_FLIGHT} in flight  ${ms(load.latencies)}; ${fmt(load.perSecond, 2)} images/s ` +
        `(each waits its turn behind ${LOAD_USERS * MAX_ANALYSES_IN_FLIGHT - 1} others for ${threads} thread${threads === 1 ? '' : 's'})`,
    );
    console.log(
      `    past the limit (${MAX_ANALYSES_IN_FLIGHT + 1} at once from one user): 429 in ${fmt(limit.refusedInMs, 0)} ms, "${limit.message}", ` +
        `Retry-After ${limit.retryAfter ?? 'not sent'}; taken again ${fmt(limit.waitMs, 0)} ms after the 429 (the first picture done), that store ${fmt(limit.againMs, 0)} ms`,
    );

    if (threads === 2) {
      const recognitions: number[] = [];
      for (let i = 0; i < RECOGNITIONS; i += 1) recognitions.push((await ok(post(portal, users[0]!, 'recognize', form({ email: users[0]!.email }, photo)), 'recognize')).ms);
      console.log(`    recognize, one at a time         ${ms(recognitions)}`);
      const list = await listOf(portal, await newUser(portal), LISTED_FACES);
      console.log(
        `    get_all_faces for ${list.count} faces: p50 ${fmt(list.p50)} ms over ${LISTS} (target <= ${LIST_P50_TARGET_MS} ms) ${verdict(list.p50 <= LIST_P50_TARGET_MS)}; ` +
          `${fmt(list.wireKb)} KB as sent (target <= ${LIST_WIRE_TARGET_KB} KB) ${verdict(list.wireKb <= LIST_WIRE_TARGET_KB)}, ${fmt(list.plainKb)} KB uncompressed` +
          ` (content-encoding: ${list.encoding ?? 'none'})`,
      );
    }
  } finally {
    portal.stop();
  }
}
console.log(`  store throughput under load: 1 thread ${fmt(perSecond[1]!, 2)} images/s, 2 threads ${fmt(perSecond[2]!, 2)} images/s, ratio 2/1 = ${fmt(perSecond[2]! / perSecond[1]!, 2)}x`);
