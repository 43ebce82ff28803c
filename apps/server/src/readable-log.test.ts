import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { readableLogStream } from './readable-log.ts';

describe('logs in a terminal', () => {
  it('reads as lines of time, level, message and request, with an error’s stack', async () => {
    const out = new PassThrough();
    const stream = readableLogStream(out);
    const time = new Date(2026, 10, 25, 19, 45, 2).getTime();
    stream.write(`${JSON.stringify({ level: 30, time, msg: 'Open the SEVA portal at http://localhost:3000' })}\n`);
    stream.write(`${JSON.stringify({ level: 50, time, msg: 'request failed', reqId: 'req-7', err: { stack: 'Error: boom\n    at here' } })}\n`);
    await new Promise((resolve) => stream.end(resolve));
    expect(out.read().toString()).toBe('19:45:02 info  Open the SEVA portal at http://localhost:3000\n19:45:02 ERROR request failed [req-7]\nError: boom\n    at here\n');
  });

  it('are JSON when the output is not a terminal (a collector reads them)', () => {
    expect(loadConfig({}).readableLogs).toBe(false);
  });
});
