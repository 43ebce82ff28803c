// `npm run bench`: every bench/*.bench.ts in turn, run to the end (or those named: npm run bench -- identity).
// BENCH_SMOKE=1 runs each in a small round instead, as `npm test` does.
import { benchFiles, runBench } from './benches.mjs';

const benches = benchFiles(process.argv.slice(2));
if (benches.length === 0) {
  console.log(`no benchmark matches ${process.argv.slice(2).join(', ')}`);
  process.exit(1);
}
const failed = [];
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  if (!(await runBench(bench))) failed.push(bench);
}
if (failed.length > 0) console.log(`\nfailed: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
