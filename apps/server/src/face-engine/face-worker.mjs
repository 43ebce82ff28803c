// Piscina's entry point in each worker thread. tsImport compiles the TypeScript worker itself, so the
// worker does not depend on how the parent was started (tsx CLI, `tsx -e`, vitest, plain node).
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./face-worker.ts', import.meta.url);
export default worker.default;
