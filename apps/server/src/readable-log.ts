import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One pino line as a person reads it in a terminal: '19:45:02 info  Open the SEVA portal at http://localhost:3000'. */
function readableLogLine(json: string): string {
  let entry: { time?: number; level?: number; msg?: string; reqId?: string; err?: { stack?: string; message?: string } };
  try {
    entry = JSON.parse(json) as typeof entry;
  } catch {
    return json;
  }
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = (LEVELS[entry.level ?? 30] ?? String(entry.level)).padEnd(5);
  const request = entry.reqId ? ` [${entry.reqId}]` : '';
  const error = entry.err ? `\n${entry.err.stack ?? entry.err.message ?? ''}` : '';
  return `${time} ${level} ${entry.msg ?? ''}${request}${error}`;
}

/** Where the server logs when its output is a terminal: readable lines instead of JSON (which log collectors keep). */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const lines = chunk.toString('utf8').split('\n').filter(Boolean);
      out.write(lines.map(readableLogLine).join('\n') + '\n');
      done();
    },
  });
}
