import type { Readiness } from '@seva/shared';
import type { Db } from '../../db/database.ts';
import { unavailable } from '../../domain-errors.ts';
import * as store from './store.ts';

const healthMessages = {
  databaseDown: 'The database does not answer.',
  noFaceWorker: 'The face engine has no worker.',
  migrationsPending: (names: string[]) => `The database is missing migrations: ${names.join(', ')}.`,
  draining: 'The server is shutting down.',
} as const;

interface HealthDeps {
  db: Db;
  /** Face engine workers running now (the engine starts on first use: asking starts it). */
  faceWorkers?: () => number;
  /** Migrations this version knows that the database has not run (PostgreSQL: another instance may share it). */
  pendingMigrations?: () => Promise<string[]>;
}

/**
 * Whether this instance lives (GET /api/health: a balancer's liveness check, every second or so, so it stays cheap) and
 * whether it should be sent requests (GET /api/health/ready): the database answers, the face engine has a worker, the
 * migrations are current and the server is not shutting down.
 */
export function createHealthService({ db, faceWorkers = () => 1, pendingMigrations = async () => [] }: HealthDeps) {
  let draining = false;
  const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));
  return {
    async check(): Promise<{ status: 'ok' }> {
      try {
        await store.ping(db);
      } catch {
        throw unavailable(healthMessages.databaseDown);
      }
      return { status: 'ok' };
    },

    async ready(): Promise<Readiness> {
      const database = await store.ping(db).then(
        () => 'ok',
        () => healthMessages.databaseDown,
      );
      const migrations =
        database === 'ok'
          ? await pendingMigrations().then(
              (names) => (names.length === 0 ? 'ok' : healthMessages.migrationsPending(names)),
              (error: unknown) => `The migrations could not be read: ${failure(error)}`,
            )
          : healthMessages.databaseDown;
      let faceEngine: string;
      try {
        faceEngine = faceWorkers() > 0 ? 'ok' : healthMessages.noFaceWorker;
      } catch (error) {
        faceEngine = `The face engine did not start: ${failure(error)}`;
      }
      const checks = { database, faceEngine, migrations, shutdown: draining ? healthMessages.draining : 'ok' };
      return { status: Object.values(checks).every((check) => check === 'ok') ? 'ready' : 'not-ready', checks };
    },

    /** From now on readiness answers 503, so that a balancer stops sending requests before the server closes. */
    startDraining(): void {
      draining = true;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
