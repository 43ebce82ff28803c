// Face engine: worker start-up, analyse latency on a 640x480 one-face JPEG, and throughput of a pool of
// 2 threads against 1. Run: npx tsx bench/face-engine.bench.ts
import os from 'node:os';
import { createFaceEngine, type FaceEngine } from '../apps/server/src/face-engine/face-engine.ts';
import { benchPhoto } from './support/face-photo.ts';
import { fmt, percentile } from './support/processes.ts';
import { heading, sized } from './support/smoke.ts';

const LATENCY_RUNS = sized(20, 2);
const THROUGHPUT_IMAGES = sized(16, 4);

const photo = await benchPhoto();

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function startEngine(threads: number): Promise<{ engine: FaceEngine; startMs: number }> {
  const started = performance.now();
  const engine = createFaceEngine({ threads });
  // Every worker loads its models on start; waiting for one answer per thread waits for all of them.
  await Promise.all(Array.from({ length: threads }, () => engine.analyse(photo)));
  return { engine, startMs: performance.now() - started };
}

async function throughput(engine: FaceEngine, threads: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  // Two requests in flight per thread keep every worker busy.
  await Promise.all(
    Array.from({ length: 2 * threads }, async () => {
      while (next++ < THROUGHPUT_IMAGES) await engine.analyse(photo);
    }),
  );
  return THROUGHPUT_IMAGES / ((performance.now() - started) / 1000);
}

heading(`face engine on ${os.cpus().length} CPUs, 640x480 JPEG with one face (${photo.length} bytes)`);

const single = await startEngine(1);
console.log(`start-up, 1 thread (models loaded + first analyse): ${fmt(single.startMs, 0)} ms`);
const detections = [];
for (let i = 0; i < LATENCY_RUNS; i += 1) detections.push(await timed(() => single.engine.detect(photo)));
const analyses = [];
for (let i = 0; i < LATENCY_RUNS; i += 1) analyses.push(await timed(() => single.engine.analyse(photo)));
console.log(`analyse latency (${LATENCY_RUNS} runs): p50 ${fmt(percentile(analyses, 50), 0)} ms, p95 ${fmt(percentile(analyses, 95), 0)} ms`);
console.log(`detect latency  (${LATENCY_RUNS} runs): p50 ${fmt(percentile(detections, 50), 0)} ms, p95 ${fmt(percentile(detections, 95), 0)} ms`);
const oneThread = await throughput(single.engine, 1);
await single.engine.close();

const pair = await startEngine(2);
console.log(`start-up, 2 threads: ${fmt(pair.startMs, 0)} ms`);
const twoThreads = await throughput(pair.engine, 2);
await pair.engine.close();

console.log(`throughput (${THROUGHPUT_IMAGES} analyses): 1 thread ${fmt(oneThread, 2)} images/s, 2 threads ${fmt(twoThreads, 2)} images/s, ratio ${fmt(twoThreads / oneThread, 2)}x`);
