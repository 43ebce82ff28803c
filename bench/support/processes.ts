import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../apps/server/src/testing/portal-process.ts';

export { freePort };

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real portal as `npm start` does, on `port` (a free one when 0) with a fresh DATA_DIR; resolves once it
 * answers. A free port lets a benchmark run beside anything else on the machine, the tests included.
 */
export async function startPortal(port = 0, env: Record<string, string> = {}): Promise<{ url: string; dataDir: string; pid: number; stop: () => void }> {
  if (port === 0) port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '10000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/auth/session`, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    stop: () => {
      child.kill('SIGTERM');
      // The server may still be finishing a write while it shuts down: retry the removal of a folder that refills.
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

/** Starts a tsx script as a separate process; resolves once `url` answers. */
export async function startScript(script: string, args: string[], url: string): Promise<() => void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(url, child);
  return () => child.kill('SIGTERM');
}

/** Waits up to 3 minutes, as the end-to-end tests do: scripts/start.mjs first builds the web app when it is out of date. */
async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1800; i += 1) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

export interface LoadResult {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon, in this process (the server is another). */
export async function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers ?? {} });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
