// Issue #24: what metrics cost. The session check every screen makes, on a portal with METRICS_PORT set against one
// without, in one run (target: at most 3 % slower). Each round starts a fresh pair of portals and measures both in
// turn, the order alternating: two identical portals started side by side differ by up to 20 % for a whole run (where
// the scheduler and V8's compiler happened to put them), so one pair cannot resolve a few per cent, while the median of
// many fresh pairs can. Beside throughput, each server's CPU time per request (from /proc).
import fs from 'node:fs';
import { portalOverHttp, signedInUser } from '../test-kit/sign-up-flow.ts';
import { pinLoadApartFrom } from './support/cpu-pinning.ts';
import { fmt, load, percentile, startPortal, type LoadResult } from './support/processes.ts';
import { serverPid } from './support/server-memory.ts';
import { sized, smoke } from './support/smoke.ts';

const CONNECTIONS = sized(50, 10);
const SECONDS = sized(5, 1);
const WARM_SECONDS = sized(2, 1);
const ROUNDS = sized(12, 1);
const TARGET = 0.03;
const METRICS_PORT = 3213;
const TICKS_PER_SECOND = 100;

type Which = 'off' | 'on';
type Measured = LoadResult & { cpuMicros: number };

/** CPU seconds a process has used (user and system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** One round: a fresh portal without metrics and one with, one user each, warmed, then measured in `order`. */
async function round(order: Which[]): Promise<{ results: Record<Which, Measured>; pinning: string; counted: string | undefined }> {
  const portals = { off: await startPortal(3211), on: await startPortal(3212, { METRICS_PORT: String(METRICS_PORT) }) };
  try {
    const cookies = { off: (await signedInUser(portalOverHttp(portals.off))).cookie, on: (await signedInUser(portalOverHttp(portals.on))).cookie };
    const pids = { off: serverPid(portals.off.pid), on: serverPid(portals.on.pid) };
    const pinning = pinLoadApartFrom([pids.off, pids.on]);
    const session = (which: Which, seconds: number, connections = CONNECTIONS) =>
      load(`${portals[which].url}/api/auth/session`, { connections, seconds, headers: { cookie: cookies[which] } });
    for (const which of order) await session(which, WARM_SECONDS, 10);
    const results = {} as Record<Which, Measured>;
    for (const which of order) {
      const cpuBefore = cpuSeconds(pids[which]);
      const result = await session(which, SECONDS);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`session check failed ${result.non2xx + result.errors} times`);
      results[which] = { ...result, cpuMicros: ((cpuSeconds(pids[which]) - cpuBefore) * 1e6) / (result.requestsPerSecond * SECONDS) };
    }
    // The portal with metrics counted what it served: the scrape is what Prometheus would read.
    const scrape = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
    const counted = /^http_server_request_duration_seconds_count\{method="GET",route="\/api\/auth\/session",status_class="2xx"\} (\d+)/m.exec(scrape)?.[1];
    return { results, pinning, counted };
  } finally {
    portals.off.stop();
    portals.on.stop();
  }
}

console.log(`metrics: session check, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} rounds of a fresh pair of portals, the order alternating`);
const rounds: { off: Measured; on: Measured; cost: number; cpuCost: number }[] = [];
for (let n = 1; n <= ROUNDS; n += 1) {
  const order: Which[] = n % 2 === 1 ? ['off', 'on'] : ['on', 'off'];
  const { results, pinning, counted } = await round(order);
  if (!counted) throw new Error('the portal with METRICS_PORT set did not count its session checks');
  const cost = 1 - results.on.requestsPerSecond / results.off.requestsPerSecond;
  const cpuCost = results.on.cpuMicros / results.off.cpuMicros - 1;
  rounds.push({ ...results, cost, cpuCost });
  console.log(
    `  round ${n} (${order.join(' then ')}; ${pinning}): METRICS_PORT unset ${fmt(results.off.requestsPerSecond, 0)} req/s ${fmt(results.off.cpuMicros)} µs CPU/req; ` +
      `set ${fmt(results.on.requestsPerSecond, 0)} req/s ${fmt(results.on.cpuMicros)} µs CPU/req, ${counted} counted; ${fmt(cost * 100)} % slower`,
  );
}
const median = [...rounds].sort((a, b) => a.cost - b.cost)[Math.floor(rounds.length / 2)]!;
const cpu = (which: Which) => percentile(rounds.map((r) => r[which].cpuMicros), 50);
const cpuCost = percentile(rounds.map((r) => r.cpuCost), 50);
const verdict = smoke ? '(smoke round: not compared)' : median.cost <= TARGET ? 'MET' : 'MISSED';
console.log(`  CPU per session check (median of rounds): ${fmt(cpu('on'))} µs with metrics, ${fmt(cpu('off'))} µs without: ${fmt(cpuCost * 100)} % more`);
console.log(
  `  session check with metrics: ${fmt(median.on.requestsPerSecond, 0)} req/s against ${fmt(median.off.requestsPerSecond, 0)} req/s without; ` +
    `${fmt(median.cost * 100)} % slower (median round; target <= ${TARGET * 100} %) ${verdict}`,
);
