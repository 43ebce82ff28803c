import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at once, whatever the cores: most of a server test waits on a database, a child process or a socket,
    // and Vitest's default (one fewer than the cores) ran them one by one on CI's 2 cores (830 s; 441 s with two).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'tools',
          root: 'tools',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
