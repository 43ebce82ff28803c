import type { Db } from '../../db/database.ts';
import { unavailable } from '../../domain-errors.ts';
import * as store from './store.ts';

export const healthMessages = {
  databaseDown: 'The database does not answer.',
} as const;

/** Whether this instance can serve: a load balancer's health check asks it every second or so, so it stays cheap. */
export function createHealthService({ db }: { db: Db }) {
  return {
    async check(): Promise<{ status: 'ok' }> {
      try {
        await store.ping(db);
      } catch {
        throw unavailable(healthMessages.databaseDown);
      }
      return { status: 'ok' };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
