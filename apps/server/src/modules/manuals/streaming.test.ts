import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';

const MB = 1024 * 1024;
/** A file that passes the PDF check: the magic, then bytes a test can compare. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes)]);

describe.each(engines)('the manual PDF, streamed, on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  let pdf: Buffer;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ cookie } = await signedInUser(t));
    pdf = pdfOf(300_000);
    url = `/api/manuals/${(await t.services.manuals.addManual(pdf, 'manual.pdf')).id}/file`;
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it("answers the whole PDF with its length, ranges accepted, under the API's locked-down CSP with same-origin framing", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-', 1000, 300_008],
    ['bytes=-500', 300_009 - 500, 300_008],
    ['bytes=299000-999999999', 299_000, 300_008],
  ])('answers Range %s with 206 and just those bytes', async (range, start, end) => {
    const res = await get({ range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${pdf.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(pdf.subarray(start, end + 1))).toBe(true);
  });

  it('answers a range past the end with 416 and the size, and ignores ranges it does not read', async () => {
    const beyond = await get({ range: `bytes=${pdf.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${pdf.length}`);
    expect(beyond.json()).toEqual({ message: 'This part of the file does not exist.' });
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=9-3', 'nonsense']) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length).toBe(pdf.length);
    }
  });

  it('answers HEAD with the length and ranges of the PDF, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
  });

  it('resumes with If-Range only for the same file, and answers If-None-Match with 304', async () => {
    const etag = String((await get()).headers.etag);
    expect((await get({ range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    const changed = await get({ range: 'bytes=0-9', 'if-range': '"another-file"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(pdf.length);
    const notModified = await get({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });
});

describe.each(engines)('a 60 MB manual read by many at once on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  let id: string;
  let port: number;
  const size = 60 * MB;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ cookie } = await signedInUser(t));
    id = (await t.services.manuals.addManual(pdfOf(size), 'big.pdf')).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('serves every reader the whole file while the server holds only a little of it in memory', async () => {
    const before = process.memoryUsage();
    const peak = { rss: before.rss, arrayBuffers: before.arrayBuffers };
    const sample = () => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    };
    /** Reads a path over real HTTP, dropping what arrives (counting it), as a browser would stream it to disk. */
    const read = (path: string) =>
      new Promise<{ status: number; bytes: number }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers: { cookie } }, (res) => {
            let bytes = 0;
            let chunks = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              if ((chunks += 1) % 8 === 0) sample();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
            res.on('error', reject);
          })
          .on('error', reject);
      });

    // The probe's attack: many checks for the newest manual and many full downloads at the same time.
    const readers = 8;
    const answers = await Promise.all([
      ...Array.from({ length: 16 }, () => read('/api/manuals/latest')),
      ...Array.from({ length: readers }, () => read(`/api/manuals/${id}/file`)),
    ]);
    sample();
    expect(answers.slice(16)).toEqual(Array.from({ length: readers }, () => ({ status: 200, bytes: size + 9 })));
    expect(answers.slice(0, 16).every((answer) => answer.status === 200)).toBe(true);

    // Reading each whole file into memory, as before, held readers × 60 MB (480 MB) at once; streaming holds a few
    // chunks per reader plus what the garbage collector has not yet reclaimed.
    const growth = { arrayBuffers: (peak.arrayBuffers - before.arrayBuffers) / MB, rss: (peak.rss - before.rss) / MB };
    expect(growth.arrayBuffers).toBeLessThan(150);
    expect(growth.rss).toBeLessThan(300);
  });
});
