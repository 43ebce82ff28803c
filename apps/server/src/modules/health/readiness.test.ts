import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';

describe.each(engines)('readiness (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 when the database answers, the face engine has a worker and the migrations are current', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', faceEngine: 'ok', migrations: 'ok', shutdown: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once a shutdown has begun, while liveness still answers 200', async () => {
    t.services.health.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not-ready', message: 'Not ready: The server is shutting down.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it.runIf(engine === 'postgres')('answers 503 naming the migration a shared PostgreSQL has not run', async () => {
    const { db } = t.infrastructure.database;
    const last = await db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never, 'desc').executeTakeFirstOrThrow();
    const name = (last as { name: string }).name;
    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', name as never).execute();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.migrations).toBe(`The database is missing migrations: ${name}.`);
  });
});

describe.each(engines)('readiness without a database (%s)', (engine) => {
  it('answers 503 saying the database does not answer, while liveness says so too', async () => {
    const t = await createTestApp(engine);
    try {
      await t.infrastructure.database.close();
      t.infrastructure.database.close = async () => {};
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not-ready', message: expect.stringContaining('The database does not answer.'), checks: { database: 'The database does not answer.' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});
