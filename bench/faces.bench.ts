// Issue #3: the face backend over HTTP on the real server: store_face latency on a 640x480 JPEG, recognize,
// store throughput with 2 face workers against 1, and get_all_faces for a user with 1,000 faces.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { portalOverHttp, signedInUser } from '../test-kit/sign-up-flow.ts';
import { benchPhoto } from './support/face-photo.ts';
import { fmt, percentile, startPortal } from './support/processes.ts';
import { wireBytes } from './support/wire-bytes.ts';

const STORES = 20;
const RECOGNITIONS = 20;
const THROUGHPUT_IMAGES = 16;
const LISTED_FACES = 1000;
const LISTS = 50;

const photo = await benchPhoto();

type Portal = Awaited<ReturnType<typeof startPortal>>;

function form(fields: Record<string, string>, file?: Buffer): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append('file', new Blob([file], { type: 'image/jpeg' }), 'face.jpg');
  return body;
}

async function timedPost(portal: Portal, cookie: string, route: string, body: FormData, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(`${portal.url}/face-api/${route}`, { method: 'POST', headers: { cookie, ...headers }, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${route}: ${response.status} ${bytes.toString()}`);
  return { ms: performance.now() - started, bytes, encoding: response.headers.get('content-encoding') };
}

async function storeOne(portal: Portal, cookie: string, email: string) {
  return timedPost(portal, cookie, 'store_face', form({ name: `Face ${randomUUID()}`, email, face_id: randomUUID() }, photo));
}

/** Images stored per second with several requests in flight. */
async function storeThroughput(threads: number): Promise<number> {
  const portal = await startPortal(3210 + threads, { FACE_THREADS: String(threads) });
  try {
    const { user, cookie } = await signedInUser(portalOverHttp(portal));
    await Promise.all(Array.from({ length: threads }, () => storeOne(portal, cookie, user.email)));
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 2 * threads }, async () => {
        while (next++ < THROUGHPUT_IMAGES) await storeOne(portal, cookie, user.email);
      }),
    );
    return THROUGHPUT_IMAGES / ((performance.now() - started) / 1000);
  } finally {
    portal.stop();
  }
}

const portal = await startPortal(3209, { FACE_THREADS: '2' });
try {
  const { user, cookie } = await signedInUser(portalOverHttp(portal));
  await storeOne(portal, cookie, user.email); // workers warm

  const stores: number[] = [];
  for (let i = 0; i < STORES; i += 1) stores.push((await storeOne(portal, cookie, user.email)).ms);
  const recognitions: number[] = [];
  for (let i = 0; i < RECOGNITIONS; i += 1) {
    recognitions.push((await timedPost(portal, cookie, 'recognize', form({ email: user.email }, photo))).ms);
  }

  // 1,000 faces straight into the store: only the list is measured here, not how they got there.
  const { db, close } = await openDatabase({ dataDir: portal.dataDir, databaseUrl: undefined, databaseSchema: undefined });
  const { uid } = await db.selectFrom('users').select('uid').where('email', '=', user.email).executeTakeFirstOrThrow();
  const now = Date.now();
  const rows = Array.from({ length: LISTED_FACES - STORES - 1 }, (_, i) => ({
    face_id: randomUUID(),
    user_id: uid,
    name: `Person ${String(i).padStart(4, '0')}`,
    name_key: `person ${String(i).padStart(4, '0')}`,
    image_key: `faces/${uid}/missing-${i}`,
    mime: 'image/jpeg',
    descriptor: Buffer.alloc(512),
    consent_at: new Date(now - i * 1000).toISOString(),
    created_at: new Date(now - i * 1000).toISOString(),
    change_seq: 0,
    updated_at: new Date(now - i * 1000).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('faces').values(rows.slice(i, i + 100)).execute();
  await close();

  const lists: number[] = [];
  let plain = Buffer.alloc(0);
  for (let i = 0; i < LISTS; i += 1) {
    const answer = await timedPost(portal, cookie, 'get_all_faces', form({ email: user.email }), { 'accept-encoding': 'gzip' });
    lists.push(answer.ms);
    plain = answer.bytes;
  }
  const count = (JSON.parse(plain.toString()) as unknown[]).length;
  // fetch decodes gzip itself; what travels is what a raw request receives.
  const wire = await wireBytes(`${portal.url}/face-api/get_all_faces`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: `email=${encodeURIComponent(user.email)}`,
  });

  const storeP50 = percentile(stores, 50);
  const listP50 = percentile(lists, 50);
  console.log(`faces over HTTP, 640x480 JPEG with one face (${photo.length} bytes), 2 face workers`);
  console.log(`  store_face  p50 ${fmt(storeP50, 0)} ms, p95 ${fmt(percentile(stores, 95), 0)} ms over ${STORES} (target p50 <= 250 ms) ${storeP50 <= 250 ? 'MET' : 'MISSED'}`);
  console.log(`  recognize   p50 ${fmt(percentile(recognitions, 50), 0)} ms, p95 ${fmt(percentile(recognitions, 95), 0)} ms over ${RECOGNITIONS}`);
  const wireKb = wire.bytes / 1024;
  console.log(
    `  get_all_faces for ${count} faces: p50 ${fmt(listP50)} ms over ${LISTS} (target <= 20 ms) ${listP50 <= 20 ? 'MET' : 'MISSED'}; ` +
      `${fmt(wireKb)} KB gzipped as sent (target <= 150 KB) ${wireKb <= 150 ? 'MET' : 'MISSED'}, ${fmt(plain.length / 1024)} KB uncompressed` +
      ` (content-encoding: ${wire.encoding ?? 'none'})`,
  );
} finally {
  portal.stop();
}

const one = await storeThroughput(1);
const two = await storeThroughput(2);
console.log(`  store throughput: 1 worker ${fmt(one, 2)} images/s, 2 workers ${fmt(two, 2)} images/s, ratio 2/1 = ${fmt(two / one, 2)}x`);
