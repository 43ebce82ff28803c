import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs share a machine; each gets its own server and data.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const E2E_DATA_DIR = `.tmp/e2e-${PORT}`;

/** End-to-end in Debian's Chromium against the real server on a fresh embedded install. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `.tmp/test-results-${PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `.tmp/playwright-${PORT}.json` }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.mjs`,
    url: `http://localhost:${PORT}/login`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(PORT), DATA_DIR: E2E_DATA_DIR, E2E_PORT: String(PORT), RATE_LIMIT_MULTIPLIER: '100', LOG_LEVEL: 'warn' },
  },
});
