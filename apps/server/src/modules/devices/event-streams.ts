import type { ServerResponse } from 'node:http';
import type { ChangeFeed, FeedEvent } from '../../change-feed/change-feed.ts';
import { isBehind, writeCursor, type SyncPosition } from './sync-cursor.ts';

/** How the event streams behave (issue #19); the server's defaults are in config.ts. */
interface EventStreamOptions {
  /** A comment line at least this often, so that proxies keep the connection. */
  heartbeatMs: number;
  /** What `retry:` tells the glasses to wait before reconnecting. */
  retryMs: number;
  /** Streams one account may hold open at once (each pair of glasses holds one). */
  perAccount: number;
  /** Changes this close together share one event. */
  coalesceMs: number;
}

/** Why a stream ended for good: the glasses' token no longer works. */
type RevokedReason = 'unpaired' | 'account_deleted';

interface EventStreamDeps {
  feed: Pick<ChangeFeed, 'subscribe'>;
  /** Where the account's data stands now. */
  position: (userId: string) => Promise<SyncPosition>;
  /** Which of these glasses are still paired (checked after the feed may have missed a revocation). */
  stillPaired: (deviceIds: string[]) => Promise<Set<string>>;
  options: EventStreamOptions;
  log?: (line: string) => void;
}

/** Counters an operator (or a metrics exporter) can read at any time. */
interface EventStreamCounters {
  /** Streams open now. */
  open: number;
  /** Streams opened since start. */
  opened: number;
  /** `changed` events written since start. */
  changed: number;
  /** `revoked` events written since start. */
  revoked: number;
  /** Heartbeat comments written since start. */
  heartbeats: number;
}

interface Stream {
  account: string;
  device: string;
  res: ServerResponse;
  /** What the glasses were last told (or said they hold). */
  sent: SyncPosition;
  /** What they should be told. */
  target: SyncPosition;
  flush?: NodeJS.Timeout;
  ended: boolean;
}

const newer = (a: SyncPosition, b: SyncPosition): SyncPosition => ({ seq: Math.max(a.seq, b.seq), features: Math.max(a.features, b.features) });

/**
 * The glasses' event streams held by this instance (GET /device-api/events): at most one per pair of glasses (a second
 * replaces the first) and `perAccount` per account. A change heard from the feed becomes a `changed` event carrying
 * the cursor a delta sync would answer now; unpairing and the account's deletion write `revoked` and end the stream.
 */
export function createEventStreams(deps: EventStreamDeps) {
  const { options } = deps;
  const byDevice = new Map<string, Stream>();
  const byAccount = new Map<string, Set<Stream>>();
  /** The newest feature links' number heard, so that an account's event carries it too. */
  let linksSeq = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let closing = false;
  const counters: EventStreamCounters = { open: 0, opened: 0, changed: 0, revoked: 0, heartbeats: 0 };

  const write = (stream: Stream, text: string) => {
    if (!stream.ended) stream.res.write(text);
  };

  function flush(stream: Stream): void {
    stream.flush = undefined;
    if (stream.ended || !isBehind(stream.sent, stream.target)) return;
    stream.sent = stream.target;
    const cursor = writeCursor(stream.account, stream.sent.seq, stream.sent.features);
    write(stream, `event: changed\nid: ${cursor}\ndata: {"cursor":"${cursor}"}\n\n`);
    counters.changed += 1;
  }

  /** Moves the stream's target on; changes this close together go out as one event. */
  function advance(stream: Stream, to: SyncPosition, now = false): void {
    stream.target = newer(stream.target, to);
    if (!isBehind(stream.sent, stream.target) || stream.ended) return;
    if (now) {
      if (stream.flush) clearTimeout(stream.flush);
      flush(stream);
    } else {
      stream.flush ??= setTimeout(() => flush(stream), options.coalesceMs);
    }
  }

  function remove(stream: Stream): void {
    if (stream.ended) return;
    stream.ended = true;
    if (stream.flush) clearTimeout(stream.flush);
    if (byDevice.get(stream.device) === stream) byDevice.delete(stream.device);
    const ofAccount = byAccount.get(stream.account);
    ofAccount?.delete(stream);
    if (ofAccount?.size === 0) byAccount.delete(stream.account);
    counters.open -= 1;
    if (counters.open === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  /** Ends a stream with a last event (or comment) and lets the connection go. */
  function end(stream: Stream, last: string): void {
    if (stream.ended) return;
    write(stream, last);
    remove(stream);
    stream.res.end();
  }

  function revoke(stream: Stream, reason: RevokedReason): void {
    if (stream.ended) return;
    counters.revoked += 1;
    end(stream, `event: revoked\ndata: {"reason":"${reason}"}\n\n`);
  }

  /** After the feed may have missed changes: every stream is told where its account stands, and revoked glasses hear so. */
  async function resync(): Promise<void> {
    const streams = [...byDevice.values()];
    const paired = await deps.stillPaired(streams.map((s) => s.device));
    for (const stream of streams) if (!paired.has(stream.device)) revoke(stream, 'unpaired');
    for (const account of [...byAccount.keys()]) {
      const position = await deps.position(account);
      linksSeq = Math.max(linksSeq, position.features);
      for (const stream of byAccount.get(account) ?? []) {
        // Told again even when nothing is newer: a change may have been missed by the feed, never by the sync.
        stream.sent = { seq: Math.min(stream.sent.seq, position.seq - 1), features: stream.sent.features };
        advance(stream, position, true);
      }
    }
  }

  function hear(event: FeedEvent): void {
    switch (event.kind) {
      case 'account':
        for (const stream of byAccount.get(event.account) ?? []) advance(stream, { seq: event.seq, features: linksSeq });
        return;
      case 'features':
        linksSeq = Math.max(linksSeq, event.seq);
        for (const stream of byDevice.values()) advance(stream, { seq: stream.target.seq, features: event.seq });
        return;
      case 'revoked':
        if (event.device) {
          const stream = byDevice.get(event.device);
          if (stream && stream.account === event.account) revoke(stream, event.reason);
        } else {
          for (const stream of [...(byAccount.get(event.account) ?? [])]) revoke(stream, event.reason);
        }
        return;
      case 'resync':
        resync().catch((error: unknown) => deps.log?.(`event streams: resync failed (${(error as Error).message})`));
        return;
    }
  }
  deps.feed.subscribe(hear);

  function beat(): void {
    for (const stream of byDevice.values()) {
      write(stream, ':\n\n');
      counters.heartbeats += 1;
    }
  }

  return {
    counters: counters as Readonly<EventStreamCounters>,

    /** Why the device may not open a stream now, if it may not (its own open stream is replaced, not counted). */
    refusal(account: string, device: string): 'closing' | 'too-many' | undefined {
      if (closing) return 'closing';
      const ofAccount = byAccount.get(account);
      const own = byDevice.get(device);
      return (ofAccount?.size ?? 0) - (own && own.account === account ? 1 : 0) >= options.perAccount ? 'too-many' : undefined;
    },

    /**
     * Holds `res` (already answered 200 with the stream's headers) as the device's stream. `known` is where the glasses
     * say they stand (Last-Event-ID or ?since=); if they are behind, or say nothing, a `changed` goes out at once.
     */
    async open(account: string, device: string, res: ServerResponse, known: SyncPosition | undefined): Promise<void> {
      const previous = byDevice.get(device);
      if (previous) end(previous, ': replaced by a newer stream of the same glasses\n\n');
      const stream: Stream = { account, device, res, sent: known ?? { seq: -1, features: -1 }, target: known ?? { seq: -1, features: -1 }, ended: false };
      byDevice.set(device, stream);
      let ofAccount = byAccount.get(account);
      if (!ofAccount) byAccount.set(account, (ofAccount = new Set()));
      ofAccount.add(stream);
      counters.open += 1;
      counters.opened += 1;
      heartbeat ??= setInterval(beat, options.heartbeatMs);
      heartbeat.unref();
      res.on('close', () => remove(stream));
      res.write(`retry: ${options.retryMs}\n\n`);
      // Registered before the position is read: a change committing meanwhile is heard, or read, or both.
      const position = await deps.position(account);
      linksSeq = Math.max(linksSeq, position.features);
      if (known === undefined) stream.sent = { seq: -1, features: -1 };
      advance(stream, position, true);
    },

    /**
     * The server is shutting down: every stream ends with `retry:` (the glasses reconnect, to another instance behind a
     * load balancer) and no new one opens.
     */
    closeAll(): void {
      closing = true;
      for (const stream of [...byDevice.values()]) end(stream, `retry: ${options.retryMs}\n: the server is restarting\n\n`);
    },
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
