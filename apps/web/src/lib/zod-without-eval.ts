/**
 * The pages' Content-Security-Policy allows no eval. zod's fast path for objects first tries `new Function`, which
 * the browser refuses and reports as a policy violation (Lighthouse best practices, issue #14); zod works the same
 * without it. Must run before any schema is made: main.tsx imports this module first.
 * zod keeps its settings on `globalThis.__zod_globalConfig` (so that copies of zod share them) and takes an object
 * found there; writing `jitless` there, rather than calling zod's `config`, keeps zod out of the app's own chunk: a
 * public page loads zod only when its form first checks (D-054). zod-without-eval.test.ts holds zod to it.
 */
const shared = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};
