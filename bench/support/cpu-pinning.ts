import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * Puts the load generator (this process) on the first CPU and the portals it compares on the second, every thread of
 * each, when the machine has two CPUs or more and `taskset` exists (util-linux). Without it, the scheduler may leave one portal
 * sharing a CPU with the load generator for a whole run, and that portal then reads 20 % slower in every round (seen
 * here with two identical portals). Answers what it did, for the report.
 */
export function pinLoadApartFrom(serverPids: number[]): string {
  // The machine's CPUs, not this process's: once pinned, it (and every portal it starts) sees only CPU 0.
  if (os.cpus().length < 2) return 'one CPU: not pinned';
  try {
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
    for (const pid of serverPids) execFileSync('taskset', ['-a', '-p', '-c', '1', String(pid)], { stdio: 'ignore' });
    return 'load generator on CPU 0, portals on CPU 1';
  } catch {
    return 'taskset failed: not pinned';
  }
}
