import { buffer } from 'node:stream/consumers';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFDict } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedEmptyInstall } from './seed.ts';
import { createTestApp, engines, signedInUser, type TestApp } from './testing/test-app.ts';

/** The text a PDF draws, page by page, as a reader that extracts text would find it. */
async function pdfText(data: Buffer): Promise<{ pages: string[]; fonts: string[] }> {
  const doc = await PDFDocument.load(data);
  const fonts = new Set<string>();
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const ops = streams
      .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
      .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
      .join('\n');
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font')) as PDFDict | undefined;
    for (const ref of fontDict?.values() ?? []) fonts.add(String((doc.context.lookup(ref) as PDFDict).get(PDFName.of('BaseFont'))));
    return [...ops.matchAll(/<([0-9A-F]*)> Tj/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1')).join(' ');
  });
  return { pages, fonts: [...fonts].sort() };
}

describe.each(engines)('first-start seed on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const seed = () => seedEmptyInstall(t.services.manuals, () => {});
  const manualCount = async () => (await t.infrastructure.database.db.selectFrom('manuals').select('id').execute()).length;

  it('adds exactly one sample manual to an empty install, once, even when two instances start together', async () => {
    await Promise.all([seed(), seed()]);
    expect(await manualCount()).toBe(1);
    expect(await seed()).toEqual({ manualAdded: false });
    expect(await manualCount()).toBe(1);

    const { cookie } = await signedInUser(t);
    const latest = (await t.app.inject({ method: 'GET', url: '/api/manuals/latest', headers: { cookie } })).json();
    expect(latest.fileName).toBe('seva-user-manual.pdf');
    const file = await t.app.inject({ method: 'GET', url: latest.url, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('does nothing when a manual already exists', async () => {
    const manuals = t.services.manuals;
    const operator = await PDFDocument.create();
    operator.addPage();
    await manuals.addManual(Buffer.from(await operator.save()), 'operator.pdf');
    expect(await seed()).toEqual({ manualAdded: false });
    expect((await manuals.latest()).fileName).toBe('operator.pdf');
    expect(await manualCount()).toBe(1);
  });

  it('writes several pages of readable Helvetica text about SEVA and the portal', async () => {
    await seed();
    const manuals = t.services.manuals;
    const stream = await (await manuals.file((await manuals.latest()).id)).open();
    const data = await buffer(stream!);
    const { pages, fonts } = await pdfText(data);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(fonts).toEqual(['/Helvetica', '/Helvetica-Bold']);
    const text = pages.join(' ').replace(/\s+/g, ' ');
    for (const phrase of [
      'SEVA User Manual',
      'SEVA is a pair of smart glasses for people who are blind or have low vision.',
      'describe the scene',
      'read printed text aloud',
      'find your way indoors',
      'someone you have taught it to recognise',
      'Creating your account',
      'license ID',
      'verify your email address',
      'Sign in with your license ID and your password.',
      'identity QR code',
      'Teaching the glasses faces',
      'Emergency contacts',
      'Knowledge Base',
      'Installing and updating features',
      'Read For Me: Text recognition and reading.',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(pages[0]).toContain('page 1 of');
  });
});
