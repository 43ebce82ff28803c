// Issue #10: the glasses' sync for a user with 1,000 faces over HTTP on the real server: the full answer and the
// delta after one change (latency and bytes as sent), their ratio, and get_all_faces for the same user as the baseline.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../apps/server/src/db/database.ts';
import * as faceStore from '../apps/server/src/modules/faces/store.ts';
import { pairGlasses } from '../test-kit/glasses-pairing.ts';
import { portalOverHttp, signedInUser } from '../test-kit/sign-up-flow.ts';
import { fmt, percentile, startPortal } from './support/processes.ts';
import { heading, sized, verdict } from './support/smoke.ts';
import { syntheticDescriptor } from './support/synthetic-descriptor.ts';
import { wireBytes } from './support/wire-bytes.ts';

const FACES = sized(1000, 50);
const RUNS = sized(50, 3);
const RATIO_TARGET = 0.02;

async function timed(url: string, init: RequestInit): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
  return { ms: performance.now() - started, text };
}

async function p50Of(runs: number, call: () => Promise<{ ms: number; text: string }>): Promise<{ p50: number; p95: number; text: string }> {
  const times: number[] = [];
  let text = '';
  for (let i = 0; i < runs; i += 1) ({ ms: times[i]!, text } = await call());
  return { p50: percentile(times, 50), p95: percentile(times, 95), text };
}

const portal = await startPortal(0, { SKIP_WEB_BUILD: '1' });
try {
  const http = portalOverHttp(portal);
  const { user, cookie, input } = await signedInUser(http);

  // Pair the glasses as the firmware does.
  const token = (await pairGlasses(http, { cookie, password: input.password }, { deviceName: 'Bench glasses' })).accessToken;
  const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };

  // 1,000 faces through the faces store, each with its change number: only sync is measured, not the face engine.
  const { db, close } = await openDatabase({ dataDir: portal.dataDir, databaseUrl: undefined, databaseSchema: undefined });
  const start = Date.now();
  const faceIds: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < FACES; i += 1) {
      const at = new Date(start - i * 1000).toISOString();
      const faceId = randomUUID();
      faceIds.push(faceId);
      const name = `Person ${String(i).padStart(4, '0')}`;
      await faceStore.insertFace(trx, {
        face_id: faceId,
        user_id: user.uid,
        name,
        name_key: name.toLowerCase(),
        image_key: `faces/${user.uid}/missing-${i}`,
        mime: 'image/jpeg',
        descriptor: syntheticDescriptor(),
        consent_at: at,
        created_at: at,
        change_seq: await faceStore.nextChangeSeq(trx, user.uid),
        updated_at: at,
      });
    }
  });
  await close();

  const syncUrl = (since?: string) => `${portal.url}/device-api/sync${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`;
  const full = await p50Of(RUNS, () => timed(syncUrl(), { headers: auth }));
  const fullBody = JSON.parse(full.text) as { cursor: string; faces: unknown[] };
  if (fullBody.faces.length !== FACES) throw new Error(`full sync listed ${fullBody.faces.length} faces`);
  const fullWire = await wireBytes(syncUrl(), { headers: auth });

  // One change: the glasses' owner renames a face on the portal (the glasses' default scopes do not write faces).
  const renamed = Math.floor(FACES / 2);
  const rename = new URLSearchParams({ email: user.email, name: `Person ${String(renamed).padStart(4, '0')}`, updated_name: 'Renamed person', face_id: faceIds[renamed]! });
  await timed(`${portal.url}/face-api/update_face_name`, { method: 'PUT', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: rename.toString() });
  const delta = await p50Of(RUNS, () => timed(syncUrl(fullBody.cursor), { headers: auth }));
  const deltaBody = JSON.parse(delta.text) as { faces: Array<{ name: string }> };
  if (deltaBody.faces.length !== 1 || deltaBody.faces[0]!.name !== 'Renamed person') throw new Error(`delta sync sent ${deltaBody.faces.length} faces`);
  const deltaWire = await wireBytes(syncUrl(fullBody.cursor), { headers: auth });

  const listForm = () => ({ method: 'POST', headers: { cookie, 'accept-encoding': 'gzip', 'content-type': 'application/x-www-form-urlencoded' }, body: `email=${encodeURIComponent(user.email)}` });
  const baseline = await p50Of(RUNS, () => timed(`${portal.url}/face-api/get_all_faces`, listForm()));

  const ratio = deltaWire.bytes / fullWire.bytes;
  const kb = (bytes: number) => `${fmt(bytes / 1024)} KB`;
  heading(`sync for a user with ${FACES} faces (synthetic 128-number descriptors), over HTTP, ${RUNS} runs each`);
  console.log(
    `  full sync              p50 ${fmt(full.p50)} ms, p95 ${fmt(full.p95)} ms; ${kb(fullWire.bytes)} as sent (${fullWire.encoding ?? 'identity'}), ${kb(Buffer.byteLength(full.text))} of JSON`,
  );
  console.log(
    `  delta after one rename p50 ${fmt(delta.p50)} ms, p95 ${fmt(delta.p95)} ms; ${deltaWire.bytes} bytes as sent (${deltaWire.encoding ?? 'identity'}), ${Buffer.byteLength(delta.text)} bytes of JSON`,
  );
  console.log(`  ratio delta/full bytes as sent: ${ratio.toFixed(4)} (target <= ${RATIO_TARGET}) ${verdict(ratio <= RATIO_TARGET)}`);
  console.log(
    `  get_all_faces (baseline) p50 ${fmt(baseline.p50)} ms, p95 ${fmt(baseline.p95)} ms; full sync p50 = ${fmt(full.p50 / baseline.p50, 2)}x the baseline` +
      ` (it carries ${fmt(Buffer.byteLength(full.text) / Buffer.byteLength(baseline.text), 1)}x the JSON: 128 numbers a face)`,
  );
} finally {
  portal.stop();
}
