import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A free loopback port, as the system hands one out. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface PortalProcess {
  url: string;
  port: number;
  dataDir: string;
  /** The `scripts/start.mjs` process (the server is its child, in the same process group). */
  child: ChildProcess;
  /** Resolves with how the start script ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines it printed (its log), for failure messages. */
  output(): string;
  /** Resolves once the process prints a line matching `pattern` (from now on). */
  waitForOutput(pattern: RegExp): Promise<string>;
  /** SIGKILL to the whole group: script and server die at once, as in a crash. */
  crash(): Promise<void>;
  /** SIGTERM to the start script, as `kill PID` on `npm start`; resolves with its exit. */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the real portal as `npm start` does (scripts/start.mjs, without building the web app) on a loopback port,
 * and resolves once GET /api/health answers 200. DATA_DIR is a new temporary folder unless given.
 */
export async function startPortalProcess(options: { dataDir?: string; port?: number; env?: Record<string, string> } = {}): Promise<PortalProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seva-process-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SKIP_WEB_BUILD: '1', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
  });
  let log = '';
  let pending = '';
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      for (const waiter of [...waiters]) {
        if (!waiter.pattern.test(line)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const portal: PortalProcess = {
    url,
    port,
    dataDir,
    child,
    exited,
    output: () => log,
    waitForOutput: (pattern) => new Promise((resolve) => waiters.push({ pattern, resolve })),
    async crash() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    },
    async terminate() {
      child.kill('SIGTERM');
      return exited;
    },
  };
  try {
    await waitForHealth(portal);
  } catch (error) {
    await portal.crash();
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return portal;
}

async function waitForHealth(portal: PortalProcess): Promise<void> {
  let ended = false;
  void portal.exited.then(() => (ended = true));
  for (const until = Date.now() + 90_000; Date.now() < until; ) {
    if (ended) throw new Error(`the portal on port ${portal.port} exited while starting:\n${portal.output()}`);
    try {
      if ((await fetch(`${portal.url}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the portal on port ${portal.port} did not answer:\n${portal.output()}`);
}
