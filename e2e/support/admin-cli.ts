import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { E2E_DATA_DIR } from './outbox.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run admin -- …` against the e2e server's data, as an operator would run it; answers what it printed. */
export function admin(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}
