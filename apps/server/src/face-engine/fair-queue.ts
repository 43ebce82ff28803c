/** The caller already has as many tasks waiting or running as it may. */
export class TooManyInFlightError extends Error {
  override name = 'TooManyInFlightError';
}

/** So many tasks are waiting that a new one would wait too long. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

interface FairQueueOptions {
  /** Tasks that run at once (the face engine's threads: its own queue then stays empty). */
  slots: number;
  /** Tasks one key (one user) may have waiting or running at once. */
  perKey: number;
  /** Tasks that may wait, across all keys, before new ones are turned away. */
  maxWaiting: number;
}

/**
 * Work for a shared resource (the face engine), shared fairly between keys (users): each key has at most `perKey`
 * tasks in the queue or running, at most `slots` run at once, and a free slot goes to the next key in turn
 * (round-robin), so one user's burst never makes everyone else wait behind all of it.
 */
export function createFairQueue({ slots, perKey, maxWaiting }: FairQueueOptions) {
  /** Each key's waiting tasks; a Map keeps insertion order, which is the order of turns. */
  const waiting = new Map<string, Array<() => void>>();
  const held = new Map<string, number>();
  let running = 0;
  let waitingCount = 0;

  function startNext(): void {
    while (running < slots && waiting.size > 0) {
      const [key, queue] = waiting.entries().next().value as [string, Array<() => void>];
      const start = queue.shift();
      waiting.delete(key);
      // A key with more to do goes to the back of the line.
      if (queue.length > 0) waiting.set(key, queue);
      if (!start) continue;
      waitingCount -= 1;
      running += 1;
      start();
    }
  }

  function release(key: string): void {
    const count = (held.get(key) ?? 1) - 1;
    if (count > 0) held.set(key, count);
    else held.delete(key);
  }

  return {
    /** Runs `task` in `key`'s turn; refuses at once when the key has too many tasks or the queue is full. */
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const count = held.get(key) ?? 0;
      if (count >= perKey) throw new TooManyInFlightError(`${key} has ${count} tasks in flight`);
      const mustWait = running >= slots || waiting.size > 0;
      if (mustWait && waitingCount >= maxWaiting) throw new QueueFullError(`${waitingCount} tasks waiting`);
      held.set(key, count + 1);
      try {
        if (mustWait) {
          await new Promise<void>((resolve) => {
            waiting.set(key, [...(waiting.get(key) ?? []), resolve]);
            waitingCount += 1;
          });
        } else {
          running += 1;
        }
        try {
          return await task();
        } finally {
          running -= 1;
          startNext();
        }
      } finally {
        release(key);
      }
    },

    /** Tasks running and waiting now. */
    get load() {
      return { running, waiting: waitingCount };
    },
  };
}

