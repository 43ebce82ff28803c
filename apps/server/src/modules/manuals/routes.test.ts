import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { createManualsService } from './service.ts';

async function pdfSaying(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText(text, { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe.each(engines)('/api/manuals on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ cookie } = await signedInUser(t));
  });
  afterAll(async () => t.close());

  const db = () => t.infrastructure.database.db;
  const manualsAt = (iso: string) => createManualsService({ db: db(), blobs: t.infrastructure.blobs, now: () => new Date(iso) });
  const latest = () => t.app.inject({ method: 'GET', url: '/api/manuals/latest', headers: { cookie } });
  const clear = async () => {
    for (const row of await db().selectFrom('manuals').select('blob_key').execute()) await t.infrastructure.blobs.delete(row.blob_key);
    await db().deleteFrom('manuals').execute();
  };

  it('answers 401 without a session, for the newest manual and for a file', async () => {
    const added = await manualsAt('2025-01-01T00:00:00.000Z').addManual(await pdfSaying('Secret'), 'a.pdf');
    for (const url of ['/api/manuals/latest', `/api/manuals/${added.id}/file`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    }
    await clear();
  });

  it("says 'No user manuals found.' when there are none", async () => {
    const res = await latest();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No user manuals found.');
  });

  it('picks the newest by creation time; one whose time cannot be read counts as the oldest', async () => {
    await manualsAt('2025-01-01T00:00:00.000Z').addManual(await pdfSaying('January'), 'january.pdf');
    const march = await manualsAt('2025-03-01T00:00:00.000Z').addManual(await pdfSaying('March'), 'march.pdf');
    const unreadable = await manualsAt('2025-06-01T00:00:00.000Z').addManual(await pdfSaying('Unknown'), 'unknown-date.pdf');
    await db().updateTable('manuals').set({ time_created: null }).where('id', '=', unreadable.id).execute();

    const res = await latest();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: march.id,
      fileName: 'march.pdf',
      timeCreated: '2025-03-01T00:00:00.000Z',
      size: march.size,
      url: `/api/manuals/${march.id}/file`,
    });

    await db().updateTable('manuals').set({ time_created: null }).execute();
    expect((await latest()).json().fileName).toBe('unknown-date.pdf');
    await clear();
  });

  it("passes over a manual whose file is missing, and says 'No valid user manual found.' when none can be read", async () => {
    const older = await manualsAt('2025-01-01T00:00:00.000Z').addManual(await pdfSaying('Older'), 'older.pdf');
    const newer = await manualsAt('2025-02-01T00:00:00.000Z').addManual(await pdfSaying('Newer'), 'newer.pdf');
    await t.infrastructure.blobs.delete(newer.blob_key);
    expect((await latest()).json().fileName).toBe('older.pdf');

    await t.infrastructure.blobs.delete(older.blob_key);
    const res = await latest();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No valid user manual found.');
    await clear();
  });

  it('serves the PDF inline to a signed-in user, or as a download', async () => {
    const pdf = await pdfSaying('Manual text');
    const added = await manualsAt('2025-01-01T00:00:00.000Z').addManual(pdf, 'SEVA manual "v2".pdf');
    const { url } = (await latest()).json();

    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="SEVA manual _v2_.pdf"; filename*=UTF-8''SEVA%20manual%20%22v2%22.pdf`);
    expect(res.rawPayload.equals(pdf)).toBe(true);

    const download = await t.app.inject({ method: 'GET', url: `${url}?download=1`, headers: { cookie } });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="SEVA manual _v2_.pdf"/);

    const missing = await t.app.inject({ method: 'GET', url: `/api/manuals/${added.id}x/file`, headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This user manual was not found.');
    await clear();
  });

  it('refuses a file that is not a PDF and stores nothing', async () => {
    const manuals = manualsAt('2025-01-01T00:00:00.000Z');
    await expect(manuals.addManual(Buffer.from('<html>not a pdf</html>'), 'fake.pdf')).rejects.toThrow(
      'This file is not a PDF: it does not start with %PDF-.',
    );
    expect(await manuals.hasManuals()).toBe(false);
    expect((await latest()).json().message).toBe('No user manuals found.');
  });
});
