import type { FastifyInstance } from 'fastify';

/** Connections still open this long before the deadline are closed, leaving time to close the rest and exit. */
const CUT_OFF_BEFORE_DEADLINE_MS = 1500;
/** If closing has not finished this long before the deadline, the process exits anyway (with 1). */
const EXIT_BEFORE_DEADLINE_MS = 250;

interface ShutdownSteps {
  /** From the signal to the exit (SHUTDOWN_TIMEOUT_SECONDS). */
  deadlineMs: number;
  /** How long readiness answers 503 while the server still serves, before it stops accepting (SHUTDOWN_DRAIN_SECONDS). */
  drainMs?: number;
  /** Run at the signal: readiness starts answering 503. */
  onDrain?: () => void;
  /** Run when the drain is over, just before closing (e.g. stop housekeeping). */
  beforeClose?: () => void;
}

/**
 * On SIGTERM or SIGINT: readiness answers 503 at once and the server keeps serving for the drain delay, so that a
 * balancer's health checks take it out before it stops; then it stops accepting connections, closes idle ones at once
 * (Fastify's forceCloseConnections 'idle'), lets requests in flight finish (a face analysis included), closes what is
 * still open shortly before the deadline (a client sending its body slowly or not at all), then runs the close hooks
 * (face engine, database, metrics listener) and exits 0, all within `deadlineMs` of the signal.
 */
export function closeGracefullyOnSignals(app: FastifyInstance, { deadlineMs, drainMs = 0, onDrain = () => {}, beforeClose = () => {} }: ShutdownSteps): void {
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    // A service manager signals the whole process group, and scripts/start.mjs passes the signal on too: the second
    // one must not end the process before its requests are done.
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing; requests in flight have ${deadlineMs / 1000} s${drainMs > 0 ? `, readiness answers 503 for ${drainMs / 1000} s first` : ''}`);
    onDrain();
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
    const close = () => {
      beforeClose();
      closeNow();
    };
    if (drainMs > 0) setTimeout(close, drainMs);
    else close();
  };
  const closeNow = () => {
    const started = Date.now();
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
