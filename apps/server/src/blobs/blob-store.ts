import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { fileBlobStore } from './file-blob-store.ts';
import { sqlBlobStore } from './sql-blob-store.ts';

export interface Blob {
  data: Buffer;
  contentType: string;
}

/** A stored blob as the integrity check and the backup see it. */
export interface StoredBlob {
  key: string;
  /** When it was written (ISO). */
  storedAt: string;
}

/**
 * Files by key: under DATA_DIR/blobs by default, in the blobs table when the records live in PostgreSQL.
 * A record that names a blob is written with `putWith` and removed with `deleteWith`, so that no crash leaves a record
 * without its blob: at worst a blob without a record, which the start-up sweep and `admin check --repair` remove.
 */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Blob | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Stores the blob durably, then runs `record` in a transaction, which writes the row that names it: the row commits
   * only once the blob is on disk, and a `record` that throws leaves no blob. On PostgreSQL the blob is in that transaction.
   */
  putWith<T>(key: string, data: Buffer, contentType: string, record: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Runs `forget` in a transaction, which deletes the row that names the blob, then (when it answers true) the blob;
   * on PostgreSQL in that transaction. A `forget` that throws keeps both.
   */
  deleteWith(key: string, forget: (trx: Transaction<Database>) => Promise<boolean>): Promise<boolean>;
  /** Every stored blob. */
  list(): Promise<StoredBlob[]>;
  /** Removes what writes interrupted by a crash left (temporary files); answers how many. Only at start. */
  sweepTemporary(): Promise<number>;
  /**
   * Files under the store that are no blob of the portal's (a desktop's `.DS_Store`): never listed, deleted or backed
   * up, only reported; paths relative to DATA_DIR.
   */
  strays(): Promise<string[]>;
  /** The blob's size in bytes without reading it, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /**
   * The blob's bytes, or those of `range` (first and last byte, inclusive), read a piece at a time so that memory
   * does not grow with the blob; undefined when there is none.
   */
  stream(key: string, range?: ByteRange): Promise<Readable | undefined>;
}

/** Bytes `start` to `end` of a blob, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}


/**
 * A kind of record that names blobs (faces their image, manuals their PDF), as the integrity check and the backup see
 * it. Each module that keeps blobs hands one to services.ts.
 */
export interface BlobRecords {
  /** What one record is called in a report: 'face', 'manual'. */
  kind: string;
  /** Every record of this kind: the key it names and how a report describes the record. */
  list(): Promise<Array<{ key: string; record: string }>>;
  /** Deletes the record that names `key` (its blob is lost), as the module deletes one; false when there was none. */
  forget(key: string): Promise<boolean>;
}


/** The store that matches the records: PostgreSQL's blobs table when DATABASE_URL is set, files otherwise. */
export function blobStoreFor(config: { databaseUrl: string | undefined; dataDir: string }, db: Db): BlobStore {
  return config.databaseUrl ? sqlBlobStore(db) : fileBlobStore(config.dataDir, db);
}
