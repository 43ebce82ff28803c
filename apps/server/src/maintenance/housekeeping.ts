/** Removes rows that are of no more use at `now`; answers the rows removed per table. */
type Purge = (now: Date) => Promise<Record<string, number>>;

/** How often the server runs housekeeping (and once at start). */
const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

/**
 * Rows that would otherwise only grow (expired sessions, spent links, ended rate-limit windows…), purged by the
 * module that owns them: services.ts hands each module's purge here. Safe on several instances at once.
 */
export function createHousekeeping(purges: Purge[], now: () => Date = () => new Date()) {
  return {
    async run(): Promise<Record<string, number>> {
      const at = now();
      const removed: Record<string, number> = {};
      for (const purge of purges) {
        for (const [table, count] of Object.entries(await purge(at))) removed[table] = (removed[table] ?? 0) + count;
      }
      return removed;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;

/**
 * Runs housekeeping once (resolving when done, so that the server listens with what a crash left cleaned up), then
 * every `everyMs` on a timer that does not keep the process alive; answers a stop.
 */
export async function scheduleHousekeeping(
  housekeeping: Housekeeping,
  log: { info(line: string): void; error(line: string): void },
  everyMs = HOUSEKEEPING_EVERY_MS,
): Promise<() => void> {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const removed = Object.entries(await housekeeping.run()).filter(([, count]) => count > 0);
      if (removed.length > 0) log.info(`housekeeping removed ${removed.map(([table, count]) => `${count} ${table}`).join(', ')}`);
    } catch (error) {
      log.error(`housekeeping failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
