import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePersonPhoto } from '../testing/face-calls.ts';
import { parseMetrics, sampleSum, type Sample } from '../testing/metrics-text.ts';
import { bearer, multipartForm, pairGlasses } from '../testing/paired-glasses.ts';
import { createTestApp, engines, relaxedLimits, signedInUser, type TestApp } from '../testing/test-app.ts';
import { serveMetrics, type MetricsServer } from './metrics-server.ts';

/** Every metric the portal names (docs/operations.md); process and Node.js runtime ones are checked apart. */
const PORTAL_METRICS = {
  http_server_request_duration_seconds: 'histogram',
  seva_sign_ins_total: 'counter',
  seva_rate_limit_refusals_total: 'counter',
  seva_face_analyses_total: 'counter',
  seva_face_analysis_duration_seconds: 'histogram',
  seva_face_analysis_refusals_total: 'counter',
  seva_face_analysis_queue_depth: 'gauge',
  seva_face_workers_busy: 'gauge',
  seva_face_workers: 'gauge',
  seva_pairing_flows_total: 'counter',
  seva_sync_requests_total: 'counter',
  seva_sync_response_bytes_total: 'counter',
  seva_event_streams_open: 'gauge',
  seva_event_stream_messages_total: 'counter',
  seva_account_exports_total: 'counter',
  seva_account_deletions_total: 'counter',
  seva_blob_deletion_queue_length: 'gauge',
  seva_blob_deletion_queue_oldest_age_seconds: 'gauge',
  seva_mails_sent_total: 'counter',
  seva_mails_failed_total: 'counter',
  seva_db_query_duration_seconds: 'histogram',
  seva_db_pool_connections: 'gauge',
  seva_db_pool_waiting_requests: 'gauge',
} as const;

/** prom-client's names in Prometheus' own client conventions. */
const RUNTIME_METRICS = ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'process_start_time_seconds', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes'];

/** Web vitals are limited to 2 reports per address, so that a test can run into a rate limit. */
const strictVitals = { ...relaxedLimits, vitals: { perIp: { max: 2, windowSeconds: 3600 }, perAccount: { max: 2, windowSeconds: 3600 } } };
const vital = { name: 'LCP', value: 1200, id: 'v1-1' };

describe.each(engines)('metrics (%s)', (engine) => {
  let t: TestApp;
  let listener: MetricsServer;

  beforeAll(async () => {
    t = await createTestApp(engine, { metrics: { port: 0, host: '127.0.0.1' }, rateLimits: strictVitals });
    listener = await serveMetrics(t.infrastructure.metrics.registry, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  /** Scrapes the metrics listener as Prometheus does. */
  async function scrape(): Promise<{ text: string; samples: Sample[]; types: Record<string, string> }> {
    const response = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { text, ...parseMetrics(text) };
  }

  /** How much `name{labels}` grew while `action` ran. */
  async function growth(name: string, labels: Record<string, string>, action: () => Promise<unknown>): Promise<number> {
    const before = sampleSum((await scrape()).samples, name, labels);
    await action();
    return sampleSum((await scrape()).samples, name, labels) - before;
  }

  it('serves every metric in the text format, with the process and Node.js runtime metrics', async () => {
    const { types } = await scrape();
    for (const [name, type] of Object.entries(PORTAL_METRICS)) expect(types[name], name).toBe(type);
    for (const name of RUNTIME_METRICS) expect(types[name], name).toBeDefined();
  });

  it('serves only GET /metrics on its listener, and nothing on the public port', async () => {
    expect((await fetch(`http://127.0.0.1:${listener.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`, { method: 'POST' })).status).toBe(405);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('times requests by method, route pattern and status class', async () => {
    const count = 'http_server_request_duration_seconds_count';
    expect(await growth(count, { method: 'GET', route: '/api/health', status_class: '2xx' }, () => t.app.inject({ method: 'GET', url: '/api/health' }))).toBe(1);
    // Fastify answers HEAD from a GET route it adds itself: that route is timed too, under the same pattern.
    expect(await growth(count, { method: 'HEAD', route: '/api/health', status_class: '2xx' }, () => t.app.inject({ method: 'HEAD', url: '/api/health' }))).toBe(1);
    const badSignIn = () => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    expect(await growth(count, { method: 'POST', route: '/api/auth/sign-in', status_class: '4xx' }, badSignIn)).toBe(1);
    const { cookie } = await signedInUser(t);
    const id = randomUUID();
    const unknownDevice = () => t.app.inject({ method: 'DELETE', url: `/api/devices/${id}`, headers: { cookie } });
    expect(await growth(count, { method: 'DELETE', route: '/api/devices/:id', status_class: '4xx' }, unknownDevice)).toBe(1);
    expect((await scrape()).text).not.toContain(id);
    expect(await growth(count, { route: 'unmatched', status_class: '4xx' }, () => t.app.inject({ method: 'GET', url: `/api/${id}` }))).toBe(1);
  });

  it('counts sign-ins by outcome, e-mails sent, and rate-limit refusals by limit', async () => {
    const signIns = 'seva_sign_ins_total';
    let user: Awaited<ReturnType<typeof signedInUser>> | undefined;
    expect(await growth('seva_mails_sent_total', {}, async () => (user = await signedInUser(t)))).toBe(1);
    const { input } = user!;
    const signIn = (password: string, licenseId = input.licenseId) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId, password } });
    expect(await growth(signIns, { outcome: 'success' }, () => signIn(input.password))).toBe(1);
    expect(await growth(signIns, { outcome: 'wrong_password' }, () => signIn('Wrong-Cactus9!'))).toBe(1);
    expect(await growth(signIns, { outcome: 'unknown_license_id' }, () => signIn(input.password, `NOPE-${randomUUID()}`))).toBe(1);
    const reports = () => Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/vitals', payload: vital, remoteAddress: '192.0.2.7' })));
    expect(await growth('seva_rate_limit_refusals_total', { limit: 'vitals', scope: 'ip' }, reports)).toBe(1);
  });

  it('counts face analyses and their refusals, pairing, sync, exports and deletions', async () => {
    const { cookie, user, input } = await signedInUser(t);
    const storeFace = async (file: Buffer) => {
      const form = await multipartForm({ name: `Face ${randomUUID().slice(0, 6)}`, email: user.email, face_id: randomUUID(), file: new Blob([file], { type: 'image/jpeg' }) });
      return t.app.inject({ method: 'POST', url: '/face-api/store_face', headers: { cookie, ...form.headers }, payload: form.payload });
    };
    expect(await growth('seva_face_analyses_total', { kind: 'analyse' }, () => storeFace(onePersonPhoto()))).toBe(1);
    expect(sampleSum((await scrape()).samples, 'seva_face_analysis_duration_seconds_count', { kind: 'analyse' })).toBeGreaterThan(0);
    expect(await growth('seva_face_analysis_refusals_total', { reason: 'unusable_image' }, () => storeFace(Buffer.from('not an image at all')))).toBe(1);
    expect(sampleSum((await scrape()).samples, 'seva_face_workers')).toBe(1);

    let token = '';
    expect(await growth('seva_pairing_flows_total', { outcome: 'completed' }, async () => ({ token } = await pairGlasses(t, cookie)))).toBe(1);
    const sync = () => t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(token) });
    const before = (await scrape()).samples;
    const answer = await sync();
    expect(answer.statusCode).toBe(200);
    const after = (await scrape()).samples;
    expect(sampleSum(after, 'seva_sync_requests_total') - sampleSum(before, 'seva_sync_requests_total')).toBe(1);
    expect(sampleSum(after, 'seva_sync_response_bytes_total') - sampleSum(before, 'seva_sync_response_bytes_total')).toBe(answer.rawPayload.length);

    const exported = () => t.app.inject({ method: 'POST', url: '/api/account/export', headers: { cookie } });
    expect(await growth('seva_account_exports_total', {}, exported)).toBe(1);
    const deleted = () => t.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie }, payload: { password: input.password } });
    expect(await growth('seva_account_deletions_total', {}, deleted)).toBe(1);
    expect(sampleSum((await scrape()).samples, 'seva_blob_deletion_queue_length')).toBe(0);
  });

  it('times database queries by operation', async () => {
    expect(await growth('seva_db_query_duration_seconds_count', { operation: 'insert' }, () => signedInUser(t))).toBeGreaterThan(0);
  });

  it('carries no personal data in any label', async () => {
    const { input, user } = await signedInUser(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: input.licenseId, password: 'Wrong-Cactus9!' } });
    const { text, samples } = await scrape();
    for (const personal of [input.email, input.licenseId, input.licenseId.toLowerCase(), input.username, user.uid, input.phoneNumber]) expect(text).not.toContain(personal);
    // Every label value is one of a few known words or a route pattern: nothing a user typed.
    const values = new Set(samples.flatMap((sample) => Object.entries(sample.labels).filter(([name]) => !['le', 'quantile', 'version', 'type', 'space', 'kind'].includes(name)).map(([, value]) => value)));
    for (const value of values) expect(value).toMatch(/^(\/[a-z_:/.*-]*|[A-Za-z0-9_]+)$/i);
  });
});

describe('metrics switched off (METRICS_PORT unset)', () => {
  it('times nothing, so a request pays nothing for them', async () => {
    const t = await createTestApp('sqlite');
    try {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const { samples, types } = parseMetrics(await t.infrastructure.metrics.registry.metrics());
      expect(sampleSum(samples, 'http_server_request_duration_seconds_count')).toBe(0);
      expect(types.process_cpu_seconds_total).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
