// `npm test`: every suite in turn (lint, types, the architecture doc's recipes, unit + integration, end-to-end, every benchmark in a smoke round), then
// one line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { benchFiles, runBench } from './benches.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });

let passed = 0;
let failed = 0;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A check without counted cases (lint, types) counts as one test. */
function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else failed += 1;
}

check('lint', 'npm', ['run', 'lint', '--silent']);
check('types', 'npm', ['run', 'typecheck', '--silent']);
// Every message the code says is in every language's catalog, and nothing else is (D-058).
check('catalogs', 'npm', ['run', 'check:catalogs', '--silent']);
// The "How to add …" recipes of docs/architecture.md, walked in a throwaway copy of the repository.
check('recipes', 'node', ['scripts/walk-recipes.mjs']);

const vitestReport = path.join(tmp, 'vitest.json');
fs.rmSync(vitestReport, { force: true });
const vitestOk = run('unit and integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1);
} else failed += 1;

const playwrightReport = path.join(tmp, `playwright-${process.env.E2E_PORT ?? 3100}.json`);
fs.rmSync(playwrightReport, { force: true });
const e2eOk = run('end-to-end', 'npx', ['playwright', 'test']);
const e2e = readJson(playwrightReport);
if (e2e?.stats) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected > 0 ? 0 : 1);
} else failed += 1;

// Every bench/*.bench.ts in one small round (BENCH_SMOKE=1), each counted as one test: a benchmark that fails or can no
// longer finish fails here, long before anyone needs its figures. The full runs stay with `npm run bench`.
const SMOKE_TIMEOUT_MS = 240_000;
for (const bench of benchFiles()) {
  console.log(`\n=== benchmark, smoke round: BENCH_SMOKE=1 npm run bench -- ${bench.replace(/\.bench\.ts$/, '')}`);
  if (await runBench(bench, { env: { BENCH_SMOKE: '1' }, timeoutMs: SMOKE_TIMEOUT_MS })) passed += 1;
  else failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
