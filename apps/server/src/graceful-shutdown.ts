import type { FastifyInstance } from 'fastify';

/** Connections still open this long before the deadline are closed, leaving time to close the rest and exit. */
const CUT_OFF_BEFORE_DEADLINE_MS = 1500;
/** If closing has not finished this long before the deadline, the process exits anyway (with 1). */
const EXIT_BEFORE_DEADLINE_MS = 250;

/**
 * On SIGTERM or SIGINT: stops accepting connections, closes idle ones at once (Fastify's forceCloseConnections
 * 'idle'), lets requests in flight finish (a face analysis included), closes what is still open shortly before the
 * deadline (a client sending its body slowly or not at all), then runs the close hooks (face engine, database) and
 * exits 0, all within `deadlineMs` of the signal.
 */
export function closeGracefullyOnSignals(app: FastifyInstance, deadlineMs: number, beforeClose: () => void = () => {}): void {
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    // A service manager signals the whole process group, and scripts/start.mjs passes the signal on too: the second
    // one must not end the process before its requests are done.
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info(`${signal}: closing; requests in flight have ${deadlineMs / 1000} s`);
    beforeClose();
    const cutOff = setTimeout(() => {
      app.log.warn('closing the connections still open at the shutdown deadline');
      app.server.closeAllConnections();
    }, Math.max(0, deadlineMs - CUT_OFF_BEFORE_DEADLINE_MS));
    const giveUp = setTimeout(() => {
      app.log.error('could not close in time; exiting');
      process.exit(1);
    }, Math.max(0, deadlineMs - EXIT_BEFORE_DEADLINE_MS));
    cutOff.unref();
    giveUp.unref();
    app.close().then(
      () => {
        app.log.info(`closed in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error(`closing failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutDown);
}
