import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { sweepAfterCrash } from '../maintenance/start-up-sweep.ts';
import { createTestApp, engines, type TestApp } from '../testing/test-app.ts';
import { createBlobDeletionQueue, FIRST_RETRY_MS, STUCK_AFTER_MS } from './deletion-queue.ts';

describe.each(engines)('the blob deletion queue on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const keys = (label: string) => ['a', 'b', 'c'].map((part) => `test/${label}-${part}`);
  const stored = async (list: string[]) => {
    const all = new Set((await t.infrastructure.blobs.list()).map((blob) => blob.key));
    return list.filter((key) => all.has(key));
  };

  it('retries a key it cannot delete with back-off and logs it, and deletes the keys behind it meanwhile', async () => {
    const [bad, ...rest] = keys('stall');
    for (const key of [bad!, ...rest]) await t.infrastructure.blobs.put(key, Buffer.from('picture'), 'image/jpeg');
    let clock = new Date('2026-01-01T10:00:00Z');
    const warnings: string[] = [];
    const blobs = { ...t.infrastructure.blobs, delete: async (key: string) => (key === bad ? Promise.reject(new Error('permission denied')) : t.infrastructure.blobs.delete(key)) };
    const queue = createBlobDeletionQueue({ db: t.infrastructure.database.db, blobs, now: () => clock, warn: (line) => warnings.push(line) });
    const { db } = t.infrastructure.database;
    await db.transaction().execute((trx) => queue.enqueue(trx, [bad!, ...rest]));

    expect(await queue.drain()).toBe(2);
    expect(await stored([bad!, ...rest])).toEqual([bad]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`deleting ${bad} failed (attempt 1: permission denied)`);

    // Not retried before its time, then retried, failing again, with a longer wait.
    expect(await queue.drain()).toBe(0);
    expect(warnings).toHaveLength(1);
    clock = new Date(clock.getTime() + FIRST_RETRY_MS);
    await queue.drain();
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toContain('attempt 2');
    const row = await db.selectFrom('blob_deletions').selectAll().where('key', '=', bad!).executeTakeFirstOrThrow();
    expect(row.retry_at).toBe(new Date(clock.getTime() + 2 * FIRST_RETRY_MS).toISOString());

    // Once the disk lets go, the next due drain finishes the job.
    const healthy = createBlobDeletionQueue({ db, blobs: t.infrastructure.blobs, now: () => new Date(clock.getTime() + STUCK_AFTER_MS) });
    expect(await healthy.drain()).toBe(1);
    expect(await stored([bad!])).toEqual([]);
  });

  it('admin check reports a key that has waited over an hour to be deleted', async () => {
    const [key] = keys('stuck');
    const { db } = t.infrastructure.database;
    const queuedAt = new Date(Date.now() - STUCK_AFTER_MS - 60_000).toISOString();
    await db.insertInto('blob_deletions').values({ key: key!, queued_at: queuedAt, attempts: 4, retry_at: new Date(Date.now() + 60_000).toISOString() }).execute();
    const lines = { out: [] as string[], err: [] as string[] };
    const code = await runCli(['check'], t.config, { log: (l) => lines.out.push(l), error: (l) => lines.err.push(l) });
    expect(code).toBe(1);
    expect(lines.out).toContain(`blob ${key} has waited to be deleted since ${queuedAt} (4 failed attempts)`);
    expect(lines.err.join('\n')).toContain('could not be deleted for over an hour');
    await db.deleteFrom('blob_deletions').where('key', '=', key!).execute();
  });

  it.runIf(engine === 'sqlite')('a stray file under DATA_DIR/blobs is reported and left alone at start and by check --repair', async () => {
    const stray = path.join(t.config.dataDir, 'blobs', '.DS_Store');
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, 'Finder', { mode: 0o600 });
    const old = new Date(Date.now() - 3600_000);
    fs.utimesSync(stray, old, old);
    const lines = { out: [] as string[], err: [] as string[] };
    const code = await runCli(['check', '--repair'], t.config, { log: (l) => lines.out.push(l), error: (l) => lines.err.push(l) });
    expect(lines.err).toEqual([]);
    expect(code).toBe(0);
    expect(lines.out).toContain('blobs/.DS_Store is not a blob the portal stores; left alone');
    expect(fs.existsSync(stray)).toBe(true);

    const warnings: string[] = [];
    await sweepAfterCrash({ blobs: t.infrastructure.blobs, integrity: t.services.integrity, embedded: true, startedAt: new Date(), log: { info: () => {}, warn: (l) => warnings.push(l) } });
    expect(warnings).toEqual(['start-up sweep: blobs/.DS_Store is not a blob the portal stores; left alone']);
    expect(fs.existsSync(stray)).toBe(true);
  });
});
