import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { appPlugins } from './plugins.ts';
import { inlineFirstScript } from './inline-script.ts';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';

export default defineConfig({
  plugins: [...appPlugins(), inlineFirstScript(path.join(import.meta.dirname, 'src/before-app/keep-presses.ts')), precompress(), prerender('src/app/prerender.tsx')],
  // The manifest tells the prerender step which chunks a screen needs, and `first-load.ts` what each page loads first.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/face-api': 'http://127.0.0.1:3000' } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    // Not UTC, so a date written in UTC instead of the user's zone fails here as it would for a user (last-checked.test.ts).
    env: { TZ: 'America/Los_Angeles' },
  },
});
