import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ManualSummary } from '@seva/shared';
import type { BlobRecords, BlobStore, ByteRange } from '../../blobs/blob-store.ts';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import { conflict, invalid, notFound } from '../../domain-errors.ts';
import * as store from './store.ts';

/** product §8 (manual), verbatim, plus the refusals this product adds. */
export const manualMessages = {
  noManuals: /*i18n*/ 'No user manuals found.',
  noValidManual: /*i18n*/ 'No valid user manual found.',
  manualNotFound: /*i18n*/ 'This user manual was not found.',
  notPdf: /*i18n*/ 'This file is not a PDF: it does not start with %PDF-.',
  tooLarge: /*i18n*/ 'This file is larger than 100 MB.',
  badFileName: /*i18n*/ 'The file name must be 1 to 200 characters, without slashes or control characters.',
  alreadyAdded: /*i18n*/ 'This manual has already been added.',
} as const;

export const MAX_MANUAL_BYTES = 100 * 1024 * 1024;
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const FILE_NAME_MAX = 200;

const isPdf = (data: Buffer) => data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

/** Checks a manual before anything is written; answers its trimmed file name. */
export function checkManualFile(pdf: Buffer, fileName: string): string {
  const name = fileName.trim();
  if (name.length === 0 || name.length > FILE_NAME_MAX || /[/\\\p{Cc}]/u.test(name)) throw invalid(manualMessages.badFileName);
  if (!isPdf(pdf)) throw invalid(manualMessages.notPdf);
  if (pdf.length > MAX_MANUAL_BYTES) throw invalid(manualMessages.tooLarge);
  return name;
}

interface ManualsDeps {
  db: Db;
  blobs: BlobStore;
  now?: () => Date;
}

const manualFileUrl = (id: string) => `/api/manuals/${encodeURIComponent(id)}/file`;

/** A manual's PDF, ready to stream: nothing of it is read until `open`. */
interface ManualFile {
  fileName: string;
  size: number;
  /** A manual's file never changes, so its id names its content (a strong validator for Range and If-Range). */
  etag: string;
  /** All of the PDF, or one byte range of it, read a piece at a time; undefined when it has just been deleted. */
  open(range?: ByteRange): Promise<Readable | undefined>;
}

/** product §2 /manual: user manuals (SPEC's seva_user_manuals), each a PDF blob plus a row. */
export function createManualsService({ db, blobs, now = () => new Date() }: ManualsDeps) {
  /**
   * The size of a row's PDF when its file is there. Whether it is a PDF was checked once, when it was added
   * (addManual refuses anything else); reading it again on every request made memory grow with the manual (issue #11).
   */
  const storedSize = (row: store.ManualRow) => blobs.size(row.blob_key);

  return {
    /**
     * Stores a PDF as the newest manual: blob first, then its row; a failed row leaves no blob.
     * `id` is for the seed only, so that two instances starting at once add one sample manual.
     */
    async addManual(pdf: Buffer, fileName: string, options: { id?: string } = {}): Promise<store.ManualRow> {
      const name = checkManualFile(pdf, fileName);
      const createdAt = now().toISOString();
      const row: store.ManualRow = {
        id: options.id ?? randomUUID(),
        file_name: name,
        blob_key: `manuals/${randomUUID()}.pdf`,
        time_created: createdAt,
        size: pdf.length,
        created_at: createdAt,
      };
      try {
        await blobs.putWith(row.blob_key, pdf, 'application/pdf', (trx) => store.insertManual(trx, row));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(manualMessages.alreadyAdded);
        throw error;
      }
      return row;
    },

    /** The integrity check's view of manuals: each names its PDF. */
    blobRecords: {
      kind: 'manual',
      async list() {
        return (await store.listManualsNewestFirst(db)).map((row) => ({ key: row.blob_key, record: `manual ${row.id} "${row.file_name}"` }));
      },
      forget: (key: string) => blobs.deleteWith(key, (trx) => store.deleteManualByBlobKey(trx, key)),
    } satisfies BlobRecords,

    async hasManuals(): Promise<boolean> {
      return (await store.countManuals(db)) > 0;
    },

    /**
     * The newest manual whose file can be read (product §4: newest by creation time, unreadable time as the oldest).
     * A file whose blob is missing or is not a PDF is passed over for the next newest.
     */
    async latest(): Promise<ManualSummary> {
      const rows = await store.listManualsNewestFirst(db);
      if (rows.length === 0) throw notFound(manualMessages.noManuals);
      for (const row of rows) {
        if ((await storedSize(row)) !== undefined) {
          return { id: row.id, fileName: row.file_name, timeCreated: row.time_created, size: Number(row.size), url: manualFileUrl(row.id) };
        }
      }
      throw notFound(manualMessages.noValidManual);
    },

    async file(id: string): Promise<ManualFile> {
      const row = await store.findManual(db, id);
      const size = row ? await storedSize(row) : undefined;
      if (!row || size === undefined) throw notFound(manualMessages.manualNotFound);
      return { fileName: row.file_name, size, etag: `"${row.id}"`, open: (range) => blobs.stream(row.blob_key, range) };
    },
  };
}

export type ManualsService = ReturnType<typeof createManualsService>;
