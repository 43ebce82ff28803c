import fs from 'node:fs';

/** The server's process: `npm start` (scripts/start.mjs, whose pid startPortal gives) runs it as its one child. */
export function serverPid(startPid: number): number {
  const child = fs.readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/)[0];
  if (!child) throw new Error(`the start script ${startPid} has no server process`);
  return Number(child);
}

/** A process's resident memory (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}
