import type { Config } from './config.ts';
import { blobStoreFor, type BlobStore } from './blobs/blob-store.ts';
import type { ChangeFeed } from './change-feed/change-feed.ts';
import { inProcessChangeFeed } from './change-feed/in-process.ts';
import { postgresChangeFeed } from './change-feed/postgres.ts';
import { openDatabase, type DatabaseHandle, type QueryLog } from './db/database.ts';
import { createFaceEngine, type FaceEngine } from './face-engine/face-engine.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMetrics, type PortalMetrics } from './metrics/portal-metrics.ts';

/** What the services run on: records, files, mail, the face engine and the metrics. Opened once by the server or the CLI. */
export interface Infrastructure {
  config: Config;
  database: DatabaseHandle;
  blobs: BlobStore;
  mailer: Mailer;
  /** Tells every instance what changed for the glasses (PostgreSQL's LISTEN/NOTIFY; in memory on the embedded database). */
  changeFeed: ChangeFeed;
  /** The face engine's worker pool, started on first use. */
  faceEngine: () => FaceEngine;
  /** What is counted for Prometheus (served on METRICS_PORT by server.ts; off when unset). */
  metrics: PortalMetrics;
  /** Where a part that keeps going past a failure (the blob deletion queue) says so; nowhere when absent. */
  warn?: (line: string) => void;
  close(): Promise<void>;
}

export async function openInfrastructure(config: Config, options: { mailer?: Mailer; log: (line: string) => void; warn?: (line: string) => void }): Promise<Infrastructure> {
  const metrics = createMetrics({ enabled: config.metrics !== undefined });
  const database = await openDatabase(config, metrics.enabled ? timedQueries(metrics) : undefined);
  metrics.watch('databasePool', () => database.pool() ?? { total: 0, idle: 0, waiting: 0 });
  const changeFeed = config.databaseUrl
    ? await postgresChangeFeed({ url: config.databaseUrl, schema: config.databaseSchema, log: options.log })
    : inProcessChangeFeed(database.db);
  let engine: FaceEngine | undefined;
  return {
    config,
    database,
    blobs: blobStoreFor(config, database.db),
    mailer: countedMailer(options.mailer ?? createMailer(config, options.log), metrics),
    changeFeed,
    faceEngine: () => (engine ??= createFaceEngine({ threads: config.faceThreads })),
    metrics,
    warn: options.warn ?? options.log,
    async close() {
      await engine?.close();
      await changeFeed.close();
      await database.close();
    },
  };
}

const OPERATIONS: Record<string, string> = { SelectQueryNode: 'select', InsertQueryNode: 'insert', UpdateQueryNode: 'update', DeleteQueryNode: 'delete' };

/** Each query's duration by operation, never its text or parameters. */
function timedQueries(metrics: PortalMetrics): QueryLog {
  const byOperation = new Map(Object.entries(OPERATIONS).map(([kind, operation]) => [kind, metrics.queryDuration.series({ operation })]));
  const other = metrics.queryDuration.series({ operation: 'other' });
  return (event) => (byOperation.get(event.query.query.kind) ?? other)(event.queryDurationMillis / 1000);
}

/** Counts each e-mail sent and each that failed; the caller still sees the failure. */
function countedMailer(mailer: Mailer, metrics: PortalMetrics): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (error) {
        metrics.mailsFailed.inc();
        throw error;
      }
      metrics.mailsSent.inc();
    },
    ...(mailer.forget ? { forget: mailer.forget } : {}),
    ...(mailer.forgetBefore ? { forgetBefore: mailer.forgetBefore } : {}),
  };
}
