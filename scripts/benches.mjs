// The benchmarks, for `npm run bench` and `npm test`: every bench/*.bench.ts, found by name.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Every bench/*.bench.ts in name order, or those whose names start with one of `wanted`. */
export function benchFiles(wanted = []) {
  return fs
    .readdirSync(path.join(root, 'bench'))
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
    .sort();
}

/**
 * Runs one benchmark in its own process group and resolves with whether it exited 0. With `timeoutMs`, a benchmark
 * still running then is stopped with everything it started (its portals, Chromium) and counts as failed.
 */
export function runBench(file, { env = {}, timeoutMs } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', file)], {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, ...env },
    });
    const stopGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is gone
      }
    };
    const timer = timeoutMs
      ? setTimeout(() => {
          console.log(`${file} did not finish in ${timeoutMs / 1000} s: stopped`);
          stopGroup('SIGTERM');
          setTimeout(() => stopGroup('SIGKILL'), 5000).unref();
        }, timeoutMs)
      : undefined;
    // Ctrl-C here stops the benchmark's whole group too, portals included.
    const interrupt = () => stopGroup('SIGINT');
    process.on('SIGINT', interrupt);
    child.on('exit', (code) => {
      clearTimeout(timer);
      process.off('SIGINT', interrupt);
      // Whatever the benchmark started and left behind goes with it.
      stopGroup('SIGTERM');
      console.log(`(${file} ${code === 0 ? 'finished' : 'failed'} in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
      resolve(code === 0);
    });
  });
}
