import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createLabelledHistogram } from './labelled-histogram.ts';

/** Why a sign-in was refused, or 'success'. Never the account or the address: no label carries personal data. */
export type SignInOutcome = 'success' | 'unknown_license_id' | 'wrong_password' | 'unverified' | 'too_many_attempts' | 'other';
/** Why an image never reached the face engine, or came back without faces to use. */
export type FaceRefusal = 'unusable_image' | 'too_many_in_flight' | 'queue_full';
export type PairingOutcome = 'started' | 'allowed' | 'denied' | 'completed';

/** What the scrape reads from the parts it watches (the face queue, the deletion queue, the pool), at scrape time. */
interface Watched {
  faceQueue?: () => { running: number; waiting: number; slots: number };
  blobDeletions?: () => Promise<{ length: number; oldestQueuedAt: string | undefined }>;
  databasePool?: () => { total: number; idle: number; waiting: number };
  eventStreams?: () => { open: number; changed: number; revoked: number; heartbeats: number };
}

/** Seconds, for latencies from a session check (1 ms) to a face analysis (seconds). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const FACE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];

/**
 * The portal's metrics, in one registry per process (D-029). Built by infrastructure.ts; services get the counters
 * they move. With METRICS_PORT unset (`enabled` false) the counters still exist (an increment costs tens of
 * nanoseconds) but nothing times requests or queries and no runtime collector runs, so the hot path pays nothing.
 */
export function createMetrics({ enabled }: { enabled: boolean }) {
  const registry = new Registry();
  const registers = [registry];
  const watched: Watched = {};
  if (enabled) collectDefaultMetrics({ register: registry });
  // prom-client also sums three of its gauges under a counter's '_total' suffix, which promtool check metrics refuses;
  // the same counts stay, by type, in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
  for (const misnamed of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(misnamed);

  const metrics = {
    enabled,
    registry,

    // HTTP: by method, route pattern (never the raw URL) and status class.
    httpRequestDuration: createLabelledHistogram(registry, {
      name: 'http_server_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route pattern and status class (2xx, 4xx, 5xx).',
      buckets: LATENCY_BUCKETS,
    }),

    // Identity.
    signIns: new Counter({
      name: 'seva_sign_ins_total',
      help: "Sign-in attempts by outcome: success, or the refusal's reason.",
      labelNames: ['outcome'] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'seva_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by limit (signIn, signUp, reset, resend, pair, deviceAuthorization, oauthToken, vitals) and scope (ip, account).',
      labelNames: ['limit', 'scope'] as const,
      registers,
    }),

    // The face engine.
    faceAnalyses: new Counter({
      name: 'seva_face_analyses_total',
      help: 'Images the face engine analysed, by kind (analyse: enrol or recognise; detect: camera guidance).',
      labelNames: ['kind'] as const,
      registers,
    }),
    faceAnalysisDuration: new Histogram({
      name: 'seva_face_analysis_duration_seconds',
      help: 'Time a face engine worker spent on an image, by kind.',
      labelNames: ['kind'] as const,
      buckets: FACE_BUCKETS,
      registers,
    }),
    faceRefusals: new Counter({
      name: 'seva_face_analysis_refusals_total',
      help: 'Images refused, by reason: unusable_image (not an image, too large, damaged), too_many_in_flight (one user), queue_full (everyone).',
      labelNames: ['reason'] as const,
      registers,
    }),

    // The glasses.
    pairingFlows: new Counter({
      name: 'seva_pairing_flows_total',
      help: 'Pairing flows (OAuth device grant) by step reached: started (glasses asked for a code), allowed, denied, completed (token issued).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    syncRequests: new Counter({ name: 'seva_sync_requests_total', help: "The glasses' sync calls answered.", registers }),
    syncBytes: new Counter({ name: 'seva_sync_response_bytes_total', help: 'Bytes of JSON the sync calls answered, before compression.', registers }),

    // The account.
    exports: new Counter({ name: 'seva_account_exports_total', help: 'Data downloads (account exports) started.', registers }),
    deletions: new Counter({ name: 'seva_account_deletions_total', help: 'Accounts deleted by their owner.', registers }),

    // Mail.
    mailsSent: new Counter({ name: 'seva_mails_sent_total', help: 'E-mails handed to the SMTP server (or written to the outbox).', registers }),
    mailsFailed: new Counter({ name: 'seva_mails_failed_total', help: 'E-mails that could not be sent.', registers }),

    // The database.
    queryDuration: createLabelledHistogram(registry, {
      name: 'seva_db_query_duration_seconds',
      help: 'Time a database query took, by operation (select, insert, update, delete, other).',
      buckets: QUERY_BUCKETS,
    }),

    /** Tells the scrape where to read a gauge from; each part registers its own once built. */
    watch<K extends keyof Watched>(part: K, read: NonNullable<Watched[K]>): void {
      watched[part] = read;
    },
  };

  new Gauge({
    name: 'seva_event_streams_open',
    help: "The glasses' event streams (GET /device-api/events) this instance holds open.",
    registers,
    collect() {
      this.set(watched.eventStreams?.().open ?? 0);
    },
  });
  new Counter({
    name: 'seva_event_stream_messages_total',
    help: "Messages written to the glasses' event streams, by kind: changed, revoked, heartbeat.",
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const counts = watched.eventStreams?.();
      this.reset();
      if (!counts) return;
      this.inc({ kind: 'changed' }, counts.changed);
      this.inc({ kind: 'revoked' }, counts.revoked);
      this.inc({ kind: 'heartbeat' }, counts.heartbeats);
    },
  });
  new Gauge({
    name: 'seva_face_analysis_queue_depth',
    help: 'Images waiting for a face engine worker.',
    registers,
    collect() {
      this.set(watched.faceQueue?.().waiting ?? 0);
    },
  });
  new Gauge({
    name: 'seva_face_workers_busy',
    help: 'Face engine workers analysing an image now.',
    registers,
    collect() {
      this.set(watched.faceQueue?.().running ?? 0);
    },
  });
  new Gauge({
    name: 'seva_face_workers',
    help: 'Face engine workers (FACE_THREADS).',
    registers,
    collect() {
      this.set(watched.faceQueue?.().slots ?? 0);
    },
  });

  // One query answers both deletion-queue gauges: a scrape collects every metric at once, so both share it.
  let backlog: Promise<{ length: number; oldestQueuedAt: string | undefined }> | undefined;
  const readBacklog = () =>
    (backlog ??= (watched.blobDeletions?.() ?? Promise.resolve({ length: 0, oldestQueuedAt: undefined })).finally(() => (backlog = undefined)));
  new Gauge({
    name: 'seva_blob_deletion_queue_length',
    help: 'Files (images) waiting to be deleted after their records were.',
    registers,
    async collect() {
      this.set((await readBacklog()).length);
    },
  });
  new Gauge({
    name: 'seva_blob_deletion_queue_oldest_age_seconds',
    help: 'How long the oldest file in the deletion queue has waited (0 when the queue is empty).',
    registers,
    async collect() {
      const { oldestQueuedAt } = await readBacklog();
      this.set(oldestQueuedAt ? Math.max(0, (Date.now() - Date.parse(oldestQueuedAt)) / 1000) : 0);
    },
  });

  new Gauge({
    name: 'seva_db_pool_connections',
    help: 'Database connections in the pool, by state (busy, idle); PostgreSQL only (SQLite has one connection).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = watched.databasePool?.();
      if (!pool) return;
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'busy' }, pool.total - pool.idle);
    },
  });
  new Gauge({
    name: 'seva_db_pool_waiting_requests',
    help: 'Queries waiting for a free database connection; PostgreSQL only.',
    registers,
    collect() {
      this.set(watched.databasePool?.().waiting ?? 0);
    },
  });

  return metrics;
}

export type PortalMetrics = ReturnType<typeof createMetrics>;
