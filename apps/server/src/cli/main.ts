import { loadConfig, type Config } from '../config.ts';
import { runCli, type CliOutput } from './run-cli.ts';

/** `npm run admin -- …`: the operator command line (DESIGN.md). */
const out: CliOutput = {
  log: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

let config: Config | undefined;
try {
  config = loadConfig();
} catch (error) {
  out.error((error as Error).message);
  process.exitCode = 1;
}
if (config) process.exitCode = await runCli(process.argv.slice(2), config, out);
