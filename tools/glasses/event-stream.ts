/** One event of a text/event-stream (HTML standard §9.2.6), as the glasses act on it. */
interface ServerEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * Reads a text/event-stream body: each event as it arrives, and `retry:` (how long to wait before reconnecting) as
 * `onRetry`. Comment lines (the heartbeat) are skipped. Ends when the portal ends the stream.
 */
export async function* serverEvents(body: ReadableStream<Uint8Array>, onRetry: (ms: number) => void): AsyncGenerator<ServerEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, cut);
      buffer = buffer.slice(cut + (buffer.startsWith('\r\n', cut) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) yield { event: event || 'message', id, data: data.join('\n') };
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
    }
  }
}
