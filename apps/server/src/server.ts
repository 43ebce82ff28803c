import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedEmptyInstall } from './seed.ts';

const config = loadConfig();
const { app, services } = await buildApp(config);
await seedEmptyInstall(services.manuals, (line) => app.log.info(line));
await app.listen({ port: config.port, host: config.host });
app.log.info(`SEVA portal at ${config.publicUrl} (data: ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
