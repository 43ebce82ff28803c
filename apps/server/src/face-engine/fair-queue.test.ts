import { describe, expect, it } from 'vitest';
import { createFairQueue, QueueFullError, TooManyInFlightError } from './fair-queue.ts';

/** A task that runs until the test lets it finish, noting when it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the face queue shared between users', () => {
  it('gives a free slot to each waiting user in turn, not to one user\'s whole burst', async () => {
    const queue = createFairQueue({ slots: 1, perKey: 2, maxWaiting: 10 });
    const started: string[] = [];
    const first = gate(started, 'alice-1');
    const runs = [queue.run('alice', first.task)];
    const later = [gate(started, 'bob-1'), gate(started, 'bob-2'), gate(started, 'carol-1')];
    runs.push(queue.run('bob', later[0]!.task), queue.run('bob', later[1]!.task), queue.run('carol', later[2]!.task));
    await settle();
    expect(started).toEqual(['alice-1']);

    first.finish();
    await settle();
    later[0]!.finish();
    await settle();
    later[2]!.finish();
    await settle();
    later[1]!.finish();
    expect(await Promise.all(runs)).toEqual(['alice-1', 'bob-1', 'bob-2', 'carol-1']);
    expect(started).toEqual(['alice-1', 'bob-1', 'carol-1', 'bob-2']);
  });

  it('refuses a third picture from one user while two are in flight, and takes one again once one is done', async () => {
    const queue = createFairQueue({ slots: 4, perKey: 2, maxWaiting: 10 });
    const started: string[] = [];
    const [a, b] = [gate(started, 'a'), gate(started, 'b')];
    const runs = [queue.run('alice', a.task), queue.run('alice', b.task)];
    await expect(queue.run('alice', async () => 'c')).rejects.toBeInstanceOf(TooManyInFlightError);
    expect(await queue.run('bob', async () => 'bob')).toBe('bob');
    a.finish();
    await runs[0];
    expect(await queue.run('alice', async () => 'd')).toBe('d');
    b.finish();
    await Promise.all(runs);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('turns work away when the queue is full rather than letting it grow', async () => {
    const queue = createFairQueue({ slots: 1, perKey: 2, maxWaiting: 2 });
    const started: string[] = [];
    const gates = ['u1', 'u2', 'u3'].map((user) => gate(started, user));
    const runs = gates.map((g, i) => queue.run(`user-${i}`, g.task));
    await expect(queue.run('user-9', async () => 'late')).rejects.toBeInstanceOf(QueueFullError);
    for (const g of gates) {
      g.finish();
      await settle();
    }
    expect(await Promise.all(runs)).toEqual(['u1', 'u2', 'u3']);
  });

  it('frees the slot and the user\'s place when a task fails', async () => {
    const queue = createFairQueue({ slots: 1, perKey: 1, maxWaiting: 2 });
    await expect(queue.run('alice', async () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await queue.run('alice', async () => 'next')).toBe('next');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
