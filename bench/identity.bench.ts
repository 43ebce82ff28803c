// Issue #2: the session check every screen makes, against a bare Fastify route in the same run; and sign-in latency.
import { ARGON2_PARAMS } from '../apps/server/src/modules/identity/passwords.ts';
import { portalOverHttp, registerVerifiedUser, signIn } from '../test-kit/sign-up-flow.ts';
import { fmt, freePort, load, percentile, startPortal, startScript, type LoadResult } from './support/processes.ts';
import { heading, sized, verdict } from './support/smoke.ts';

const CONNECTIONS = sized(50, 10);
const SECONDS = sized(10, 1);
const WARM_SECONDS = sized(2, 1);
const SIGN_INS = sized(40, 3);
const ROUNDS = sized(3, 1);

const portal = await startPortal(0, { SKIP_WEB_BUILD: '1' });
const bareUrl = `http://127.0.0.1:${await freePort()}/bare`;
const stopBare = await startScript('bench/support/bare-server.ts', [new URL(bareUrl).port], bareUrl);
try {
  const http = portalOverHttp(portal);
  const user = await registerVerifiedUser(http);
  const latencies: number[] = [];
  let cookie = '';
  for (let i = 0; i < SIGN_INS; i += 1) {
    const started = performance.now();
    ({ cookie } = await signIn(http.send, user));
    latencies.push(performance.now() - started);
  }

  // Warm both servers, then measure each in turn, ROUNDS times: the machine's speed drifts over a minute, so each
  // round compares the two under the same conditions and the median round is the result.
  await load(`${portal.url}/api/auth/session`, { connections: 10, seconds: WARM_SECONDS, headers: { cookie } });
  await load(bareUrl, { connections: 10, seconds: WARM_SECONDS });
  heading(`identity: ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} rounds`);
  const rounds: { session: LoadResult; bare: LoadResult; ratio: number }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const session = await load(`${portal.url}/api/auth/session`, { connections: CONNECTIONS, seconds: SECONDS, headers: { cookie } });
    const bare = await load(bareUrl, { connections: CONNECTIONS, seconds: SECONDS });
    if (session.non2xx > 0 || session.errors > 0) throw new Error(`session check failed ${session.non2xx + session.errors} times`);
    if (bare.non2xx > 0 || bare.errors > 0) throw new Error(`bare route failed ${bare.non2xx + bare.errors} times`);
    const ratio = session.requestsPerSecond / bare.requestsPerSecond;
    rounds.push({ session, bare, ratio });
    console.log(
      `  round ${round}: session check GET /api/auth/session ${fmt(session.requestsPerSecond, 0)} req/s p99 ${session.p99} ms; ` +
        `bare Fastify GET /bare ${fmt(bare.requestsPerSecond, 0)} req/s p99 ${bare.p99} ms; ratio ${fmt(ratio * 100)} %`,
    );
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
  console.log(`  session check  GET /api/auth/session  ${fmt(median.session.requestsPerSecond, 0)} req/s  p99 ${median.session.p99} ms  (median round)`);
  console.log(`  bare Fastify   GET /bare              ${fmt(median.bare.requestsPerSecond, 0)} req/s  p99 ${median.bare.p99} ms`);
  console.log(`  ratio session/bare: ${fmt(median.ratio * 100)} % (target >= 40 %) ${verdict(median.ratio >= 0.4)}`);
  const p50 = percentile(latencies, 50);
  console.log(
    `  sign-in p50 ${fmt(p50)} ms, p95 ${fmt(percentile(latencies, 95))} ms over ${SIGN_INS} sign-ins ` +
      `(argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}; target p50 < 60 ms) ${verdict(p50 < 60)}`,
  );
} finally {
  portal.stop();
  stopBare();
}
