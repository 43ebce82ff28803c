import { stateFileIn } from './glasses-state.ts';
import { runGlasses } from './run-glasses.ts';

/** `npm run glasses -- …`: the glasses' reference client against SEVA_URL (README: Connecting the glasses). */
const portal = (process.env.SEVA_URL || 'http://localhost:3000').replace(/\/+$/, '');
process.exitCode = await runGlasses(process.argv.slice(2), {
  portal,
  stateFile: stateFileIn(process.env.SEVA_GLASSES_HOME || undefined),
  out: { log: (line) => process.stdout.write(`${line}\n`), error: (line) => process.stderr.write(`${line}\n`) },
});
