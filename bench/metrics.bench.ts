// Issue #24: what metrics cost. The session check every screen makes, on a portal with METRICS_PORT set against one
// without, in one run, alternating rounds (target: at most 3 % slower). Beside throughput, each server's CPU time per
// request (from /proc), which other work on a shared machine disturbs far less than throughput.
import fs from 'node:fs';
import { portalOverHttp, signedInUser } from '../test-kit/sign-up-flow.ts';
import { fmt, load, percentile, startPortal, type LoadResult } from './support/processes.ts';
import { serverPid } from './support/server-memory.ts';
import { sized, smoke } from './support/smoke.ts';

const CONNECTIONS = sized(50, 10);
const SECONDS = sized(5, 1);
const ROUNDS = sized(10, 1);
const TARGET = 0.03;
const METRICS_PORT = 3213;
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (user and system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const off = await startPortal(3211);
const on = await startPortal(3212, { METRICS_PORT: String(METRICS_PORT) });
try {
  // One user on each: a session is a row of that portal's own database.
  const cookies = {
    off: (await signedInUser(portalOverHttp(off))).cookie,
    on: (await signedInUser(portalOverHttp(on))).cookie,
  };
  const pids = { off: serverPid(off.pid), on: serverPid(on.pid) };
  const session = (which: 'off' | 'on', seconds: number, connections = CONNECTIONS) =>
    load(`${(which === 'on' ? on : off).url}/api/auth/session`, { connections, seconds, headers: { cookie: cookies[which] } });
  /** A measured round of one portal: its throughput and its server's CPU microseconds per request. */
  const measured = async (which: 'off' | 'on') => {
    const cpuBefore = cpuSeconds(pids[which]);
    const result = await session(which, SECONDS);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`session check failed ${result.non2xx + result.errors} times`);
    return { ...result, cpuMicros: ((cpuSeconds(pids[which]) - cpuBefore) * 1e6) / (result.requestsPerSecond * SECONDS) };
  };

  await session('off', sized(2, 1), 10);
  await session('on', sized(2, 1), 10);
  console.log(`metrics: session check, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} rounds, the order alternating`);
  type Measured = LoadResult & { cpuMicros: number };
  const rounds: { off: Measured; on: Measured; cost: number; cpuCost: number }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Each round measures both under the same conditions; who goes first alternates, so drift favours neither.
    const order: Array<'off' | 'on'> = round % 2 === 1 ? ['off', 'on'] : ['on', 'off'];
    const results = {} as Record<'off' | 'on', Measured>;
    for (const which of order) results[which] = await measured(which);
    const cost = 1 - results.on.requestsPerSecond / results.off.requestsPerSecond;
    const cpuCost = results.on.cpuMicros / results.off.cpuMicros - 1;
    rounds.push({ ...results, cost, cpuCost });
    console.log(
      `  round ${round} (${order.join(' then ')}): METRICS_PORT unset ${fmt(results.off.requestsPerSecond, 0)} req/s ${fmt(results.off.cpuMicros)} µs CPU/req; ` +
        `set ${fmt(results.on.requestsPerSecond, 0)} req/s ${fmt(results.on.cpuMicros)} µs CPU/req; ${fmt(cost * 100)} % slower`,
    );
  }
  const median = [...rounds].sort((a, b) => a.cost - b.cost)[Math.floor(rounds.length / 2)]!;
  const cpu = (which: 'off' | 'on') => percentile(rounds.map((round) => round[which].cpuMicros), 50);
  const cpuCost = percentile(rounds.map((round) => round.cpuCost), 50);

  // The portal with metrics counted what it served: the scrape is what Prometheus would read.
  const scrape = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  const counted = /^http_server_request_duration_seconds_count\{method="GET",route="\/api\/auth\/session",status_class="2xx"\} (\d+)/m.exec(scrape)?.[1];
  console.log(`  GET /metrics: ${Buffer.byteLength(scrape)} bytes; session checks counted ${counted ?? 'none'}`);
  if (!counted) throw new Error('the portal with METRICS_PORT set did not count its session checks');

  const verdict = smoke ? '(smoke round: not compared)' : median.cost <= TARGET ? 'MET' : 'MISSED';
  console.log(`  CPU per session check (median of rounds): ${fmt(cpu('on'))} µs with metrics, ${fmt(cpu('off'))} µs without: ${fmt(cpuCost * 100)} % more`);
  console.log(
    `  session check with metrics: ${fmt(median.on.requestsPerSecond, 0)} req/s against ${fmt(median.off.requestsPerSecond, 0)} req/s without; ` +
      `${fmt(median.cost * 100)} % slower (median round; target <= ${TARGET * 100} %) ${verdict}`,
  );
} finally {
  off.stop();
  on.stop();
}
