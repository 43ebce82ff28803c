import { config } from 'zod';

/**
 * The pages' Content-Security-Policy allows no eval. zod's fast path for objects first tries `new Function`, which
 * the browser refuses and reports as a policy violation (Lighthouse best practices, issue #14); zod works the same
 * without it. Must run before any schema is made: main.tsx imports this module first.
 */
config({ jitless: true });
