// Issue #2: the session check every screen makes, against a bare Fastify route in the same run; and sign-in latency.
import fs from 'node:fs';
import path from 'node:path';
import { ARGON2_PARAMS } from '../apps/server/src/modules/identity/passwords.ts';
import { fmt, load, percentile, startPortal, startScript } from './support/processes.ts';

const CONNECTIONS = 50;
const SECONDS = 10;
const SIGN_INS = 40;

const portal = await startPortal(3201);
const stopBare = await startScript('bench/support/bare-server.ts', ['3202'], 'http://127.0.0.1:3202/bare');
try {
  const user = {
    username: 'Bench User',
    email: 'bench@example.com',
    countryCode: '+1',
    phoneNumber: '2025550123',
    licenseId: 'BENCH-1',
    password: 'Blue-Cactus9!Lamp',
    confirmPassword: 'Blue-Cactus9!Lamp',
  };
  const post = (url: string, body: unknown) =>
    fetch(`${portal.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if ((await post('/api/auth/sign-up', user)).status !== 201) throw new Error('sign-up failed');
  const mailDir = path.join(portal.dataDir, 'mail');
  const mail = fs.readFileSync(path.join(mailDir, fs.readdirSync(mailDir)[0] ?? ''), 'utf8').replace(/=\r?\n/g, '');
  const token = mail.match(/verify-email\?token=3D([\w-]+)|verify-email\?token=([\w-]+)/);
  if ((await post('/api/auth/verify-email', { token: token?.[1] ?? token?.[2] })).status !== 200) throw new Error('verify failed');

  const latencies: number[] = [];
  let cookie = '';
  for (let i = 0; i < SIGN_INS; i += 1) {
    const started = performance.now();
    const response = await post('/api/auth/sign-in', { licenseId: user.licenseId, password: user.password });
    latencies.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`sign-in ${response.status}`);
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  // Warm both servers, then measure each in turn.
  await load(`${portal.url}/api/auth/session`, { connections: 10, seconds: 2, headers: { cookie } });
  await load('http://127.0.0.1:3202/bare', { connections: 10, seconds: 2 });
  const session = await load(`${portal.url}/api/auth/session`, { connections: CONNECTIONS, seconds: SECONDS, headers: { cookie } });
  const bare = await load('http://127.0.0.1:3202/bare', { connections: CONNECTIONS, seconds: SECONDS });
  if (session.non2xx > 0 || session.errors > 0) throw new Error(`session check failed ${session.non2xx + session.errors} times`);

  const ratio = session.requestsPerSecond / bare.requestsPerSecond;
  console.log(`identity: ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.log(`  session check  GET /api/auth/session  ${fmt(session.requestsPerSecond, 0)} req/s  p99 ${session.p99} ms`);
  console.log(`  bare Fastify   GET /bare              ${fmt(bare.requestsPerSecond, 0)} req/s  p99 ${bare.p99} ms`);
  console.log(`  ratio session/bare: ${fmt(ratio * 100)} % (target >= 40 %) ${ratio >= 0.4 ? 'MET' : 'MISSED'}`);
  const p50 = percentile(latencies, 50);
  console.log(
    `  sign-in p50 ${fmt(p50)} ms, p95 ${fmt(percentile(latencies, 95))} ms over ${SIGN_INS} sign-ins ` +
      `(argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}; target p50 < 60 ms) ${p50 < 60 ? 'MET' : 'MISSED'}`,
  );
} finally {
  portal.stop();
  stopBare();
}
