// Decodes HEIC pictures in a thread of their own (heif-decode-thread.mjs), one at a time, each within a deadline: a
// decode still running at its deadline is stopped by ending the thread, and the next decode starts a new one. The
// thread starts with the first HEIC and then stays, so later pictures do not wait for libheif to load.
import { Worker } from 'node:worker_threads';

export interface DecodedHeif {
  width: number;
  height: number;
  data: Uint8ClampedArray; // RGBA
}

/** A decode ran past its deadline and was stopped. */
export class HeifDecodeOverrun extends Error {
  override name = 'HeifDecodeOverrun';
}

export interface HeifDecoder {
  /** The primary image's pixels; rejects with HeifDecodeOverrun past the deadline, with an Error if libheif cannot. */
  decode(file: Uint8Array): Promise<DecodedHeif>;
  close(): Promise<void>;
}

type Reply = ({ ok: true } & DecodedHeif) | { ok: false; message: string };

interface Thread {
  worker: Worker;
  /** What the thread's next message, error or exit settles: the decode it is doing. */
  settle?: (outcome: { reply: Reply } | { error: Error }) => void;
}

const THREAD_FILE = new URL('./heif-decode-thread.mjs', import.meta.url);

export function createHeifDecoder(options: { deadlineMs: number }): HeifDecoder {
  let running: Promise<Thread> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  function start(): Promise<Thread> {
    const thread: Thread = { worker: new Worker(THREAD_FILE) };
    // The thread never keeps the process (or the face worker) alive on its own.
    thread.worker.unref();
    const started = new Promise<Thread>((resolve, reject) => {
      const ended = (error: Error) => {
        if (running === started) running = undefined;
        thread.settle?.({ error });
        reject(error);
      };
      thread.worker.on('error', ended);
      thread.worker.on('exit', (code) => ended(new Error(`The HEIF decoder's thread ended (${code}).`)));
      thread.worker.on('message', (message: Reply | 'ready') => {
        if (message === 'ready') resolve(thread);
        else thread.settle?.({ reply: message });
      });
    });
    return started;
  }

  async function decodeNow(file: Uint8Array): Promise<DecodedHeif> {
    const started = (running ??= start());
    const thread = await started;
    const outcome = await new Promise<{ reply: Reply } | { error: Error }>((settle) => {
      const deadline = setTimeout(() => {
        thread.settle = undefined;
        if (running === started) running = undefined; // the next decode starts a new thread
        void thread.worker.terminate();
        settle({ error: new HeifDecodeOverrun(`The HEIF decode ran past ${options.deadlineMs} ms and was stopped.`) });
      }, options.deadlineMs);
      thread.settle = (result) => {
        clearTimeout(deadline);
        thread.settle = undefined;
        settle(result);
      };
      thread.worker.postMessage(file);
    });
    if ('error' in outcome) throw outcome.error;
    if (!outcome.reply.ok) throw new Error(outcome.reply.message);
    const { width, height, data } = outcome.reply;
    return { width, height, data };
  }

  return {
    decode(file) {
      const decoded = queue.then(() => decodeNow(file));
      queue = decoded.catch(() => undefined);
      return decoded;
    },
    async close() {
      const thread = running;
      running = undefined;
      if (thread) await (await thread.catch(() => undefined))?.worker.terminate();
    },
  };
}
