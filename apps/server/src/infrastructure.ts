import type { Config } from './config.ts';
import { blobStoreFor, type BlobStore } from './blobs/blob-store.ts';
import type { ChangeFeed } from './change-feed/change-feed.ts';
import { inProcessChangeFeed } from './change-feed/in-process.ts';
import { postgresChangeFeed } from './change-feed/postgres.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { createFaceEngine, type FaceEngine } from './face-engine/face-engine.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

/** What the services run on: records, files, mail and the face engine. Opened once by the server or the CLI. */
export interface Infrastructure {
  config: Config;
  database: DatabaseHandle;
  blobs: BlobStore;
  mailer: Mailer;
  /** Tells every instance what changed for the glasses (PostgreSQL's LISTEN/NOTIFY; in memory on the embedded database). */
  changeFeed: ChangeFeed;
  /** The face engine's worker pool, started on first use. */
  faceEngine: () => FaceEngine;
  close(): Promise<void>;
}

export async function openInfrastructure(config: Config, options: { mailer?: Mailer; log: (line: string) => void }): Promise<Infrastructure> {
  const database = await openDatabase(config);
  const changeFeed = config.databaseUrl
    ? await postgresChangeFeed({ url: config.databaseUrl, schema: config.databaseSchema, log: options.log })
    : inProcessChangeFeed(database.db);
  let engine: FaceEngine | undefined;
  return {
    config,
    database,
    blobs: blobStoreFor(config, database.db),
    mailer: options.mailer ?? createMailer(config, options.log),
    changeFeed,
    faceEngine: () => (engine ??= createFaceEngine({ threads: config.faceThreads })),
    async close() {
      await engine?.close();
      await changeFeed.close();
      await database.close();
    },
  };
}
