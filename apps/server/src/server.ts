import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { closeGracefullyOnSignals } from './graceful-shutdown.ts';
import { scheduleHousekeeping } from './maintenance/housekeeping.ts';
import { sweepAfterCrash } from './maintenance/start-up-sweep.ts';
import { serveMetrics } from './metrics/metrics-server.ts';
import { keepDataDirPrivate } from './private-files.ts';
import { seedEmptyInstall } from './seed.ts';

const startedAt = new Date(performance.timeOrigin);
const config = loadConfig();
const { app, infrastructure, services } = await buildApp(config);
const dataDirMode = await keepDataDirPrivate(config.dataDir);
if (dataDirMode) app.log.warn(dataDirMode);
await sweepAfterCrash({ blobs: infrastructure.blobs, integrity: services.integrity, embedded: !config.databaseUrl, startedAt, log: app.log });
await seedEmptyInstall(services.manuals, (line) => app.log.info(line));
const stopHousekeeping = await scheduleHousekeeping(services.housekeeping, app.log);
if (config.metrics) {
  // Its own listener, never the public port; it closes last, so a shutdown can still be watched.
  const metricsServer = await serveMetrics(infrastructure.metrics.registry, config.metrics);
  app.addHook('onClose', () => metricsServer.close());
  app.log.info(`metrics at http://${config.metrics.host}:${metricsServer.port}/metrics`);
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`Open the SEVA portal at ${config.publicUrl} (data: ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
closeGracefullyOnSignals(app, {
  deadlineMs: config.http.shutdownMs,
  drainMs: config.http.drainMs,
  onDrain: () => services.health.startDraining(),
  beforeClose: stopHousekeeping,
});
