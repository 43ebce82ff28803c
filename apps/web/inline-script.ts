import fs from 'node:fs';
import { transformWithEsbuild, type Plugin } from 'vite';

/**
 * The page's first script, `file` (src/before-app/keep-presses.ts), compiled and written inline into index.html's
 * <head>, and so into every page made from it: it runs before anything is drawn, where a script fetched from the
 * server would come seconds late on a slow phone. The server allows it by its hash in the Content-Security-Policy
 * (apps/server/src/plugins/security-headers.ts), which is read from the built index.html.
 */
export function inlineFirstScript(file: string): Plugin {
  return {
    name: 'seva-inline-first-script',
    transformIndexHtml: {
      order: 'pre',
      async handler() {
        const { code } = await transformWithEsbuild(fs.readFileSync(file, 'utf8'), file, { loader: 'ts', format: 'iife', minify: true, target: 'es2020' });
        return [{ tag: 'script', children: code.trim(), injectTo: 'head' }];
      },
    },
  };
}
