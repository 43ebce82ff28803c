/** One message of a text/event-stream as a client hears it: an event, or a comment line. */
export interface StreamMessage {
  event?: string;
  id?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/**
 * A client of GET /device-api/events over real HTTP (inject cannot hold a stream open): the answer's status and
 * headers, then each message as it arrives. `next` waits for the next message that `match` accepts; `ended` settles
 * when the server ends the stream.
 */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: StreamMessage[] = [];
  const waiters: Array<() => void> = [];
  let done = false;
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  const ended = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const message: StreamMessage = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) message.comment = line.slice(1).trim();
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'event') message.event = value;
            if (field === 'id') message.id = value;
            if (field === 'data') message.data = value;
            if (field === 'retry') message.retry = Number(value);
          }
          messages.push(message);
          wake();
        }
      }
    } catch {
      // Closed by the test.
    } finally {
      done = true;
      wake();
    }
  })();
  let read = 0;
  return {
    status: response.status,
    headers: response.headers,
    /** The answer's body when it is not a stream (a refusal). */
    body: response.status === 200 ? undefined : await response.text(),
    /** Every message heard so far. */
    messages,
    async next(match: (message: StreamMessage) => boolean = () => true): Promise<StreamMessage> {
      for (;;) {
        while (read < messages.length) {
          const message = messages[read]!;
          read += 1;
          if (match(message)) return message;
        }
        if (done) throw new Error(`the stream ended; heard ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    /** Settles once the server has ended the stream. */
    ended,
    get isEnded() {
      return done;
    },
    close() {
      controller.abort();
      return ended;
    },
  };
}

export type EventStreamClient = Awaited<ReturnType<typeof openEventStream>>;

export const isChanged = (message: StreamMessage) => message.event === 'changed';
