// Issue #12: 'Download my data' for an account with 1,000 faces over HTTP on the real server: time to the last byte,
// bytes, and the server's peak memory growth while it streams the archive against its memory at rest (target: under
// 50 MB whatever the number of faces; an account of 250 faces beside it shows the growth does not follow the count).
// The faces go straight into the store with synthetic descriptors and a real 1600x1200 JPEG each (a camera photo, so
// the archive is several times the target): only the export is measured, not the face engine.
import sharp from 'sharp';
import { fileBlobStore } from '../apps/server/src/blobs/file-blob-store.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { storeFacesDirectly } from '../apps/server/src/testing/stored-faces.ts';
import { portalOverHttp, signedInUser } from '../test-kit/sign-up-flow.ts';
import { zipEntries } from '../test-kit/zip-entries.ts';
import { benchPhoto } from './support/face-photo.ts';
import { fmt, startPortal } from './support/processes.ts';
import { rssMb, serverPid } from './support/server-memory.ts';
import { heading, sized, verdict } from './support/smoke.ts';

const FACES = sized(1000, 20);
const FEWER_FACES = sized(250, 5);
/** How long the server rests before its memory at rest is read. */
const REST_MS = sized(2000, 200);
const GROWTH_TARGET_MB = 50;
const SAMPLE_EVERY_MS = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const photo = await sharp(await benchPhoto()).resize(1600, 1200).jpeg({ quality: 92 }).toBuffer();
const portal = await startPortal(0, { SKIP_WEB_BUILD: '1' });
try {
  const http = portalOverHttp(portal);
  const { db, close } = await openDatabase({ dataDir: portal.dataDir, databaseUrl: undefined, databaseSchema: undefined });
  const accountWith = async (faces: number) => {
    const { user, cookie } = await signedInUser(http);
    await storeFacesDirectly(
      { db, blobs: fileBlobStore(portal.dataDir, db) },
      user.uid,
      Array.from({ length: faces }, (_, i) => ({ name: `Person ${String(i).padStart(4, '0')}`, image: photo, mime: 'image/jpeg' as const })),
    );
    return cookie;
  };
  const cookie = await accountWith(FACES);
  const fewerCookie = await accountWith(FEWER_FACES);
  await close();

  const exportOnce = async (onChunk: () => void = () => undefined, as = cookie) => {
    const started = performance.now();
    const response = await fetch(`${portal.url}/api/account/export`, { method: 'POST', headers: { cookie: as } });
    if (!response.ok || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) {
      chunks.push(Buffer.from(chunk));
      onChunk();
    }
    return { ms: performance.now() - started, archive: Buffer.concat(chunks), contentLength: Number(response.headers.get('content-length')) };
  };

  // A first export warms the server (its code paths compiled, its pools filled), as a server in use would be.
  const warm = await exportOnce();
  const entries = await zipEntries(warm.archive);
  const pictures = [...entries.keys()].filter((name) => name.startsWith('faces/')).length;
  if (pictures !== FACES) throw new Error(`the archive holds ${pictures} pictures, not ${FACES}`);
  if (warm.contentLength !== warm.archive.length) throw new Error(`Content-Length ${warm.contentLength} but ${warm.archive.length} bytes came`);
  entries.clear();

  const pid = serverPid(portal.pid);
  /** The server's memory at rest (median of a second of samples), then its peak while it streams one export. */
  const measure = async (as: string) => {
    await sleep(REST_MS);
    const rest: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      rest.push(rssMb(pid));
      await sleep(50);
    }
    const atRest = median(rest);
    let peak = rssMb(pid);
    const sample = () => (peak = Math.max(peak, rssMb(pid)));
    const timer = setInterval(sample, SAMPLE_EVERY_MS);
    let lastSample = performance.now();
    const run = await exportOnce(() => {
      // Also sampled between chunks, in case the reading keeps the timer from firing.
      if (performance.now() - lastSample >= SAMPLE_EVERY_MS) {
        sample();
        lastSample = performance.now();
      }
    }, as);
    clearInterval(timer);
    sample();
    return { ...run, atRest, peak, growth: peak - atRest };
  };
  await exportOnce(undefined, fewerCookie);
  const fewer = await measure(fewerCookie);
  const measured = await measure(cookie);
  const { atRest, peak, growth } = measured;
  const archiveMb = measured.archive.length / 1_048_576;

  heading(`Download my data: an account with ${FACES} faces (${fmt(photo.length / 1024)} KB JPEG each, synthetic descriptors), over HTTP, one measured run after one warm-up`);
  console.log(`  time to last byte   ${fmt(measured.ms, 0)} ms (${fmt(archiveMb / (measured.ms / 1000))} MB/s)`);
  console.log(`  bytes               ${measured.archive.length.toLocaleString('en')} (${fmt(archiveMb)} MB; Content-Length given before the first byte)`);
  console.log(`  server RSS          ${fmt(atRest)} MB at rest, ${fmt(peak)} MB at peak during the export`);
  console.log(
    `  peak growth         ${fmt(growth)} MB (target < ${GROWTH_TARGET_MB} MB) ${verdict(growth < GROWTH_TARGET_MB)}; ${fmt(growth / archiveMb, 2)} MB of growth per MB sent`,
  );
  console.log(
    `  beside it, ${FEWER_FACES} faces  ${fmt(fewer.archive.length / 1_048_576)} MB in ${fmt(fewer.ms, 0)} ms, peak growth ${fmt(fewer.growth)} MB` +
      ` (target < ${GROWTH_TARGET_MB} MB) ${verdict(fewer.growth < GROWTH_TARGET_MB)}`,
  );
} finally {
  portal.stop();
}
