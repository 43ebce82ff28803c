import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('turns off the fast path that needs eval, in the settings zod reads', async () => {
    await import('./zod-without-eval.ts');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
