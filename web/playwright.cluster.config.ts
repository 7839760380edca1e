import { defineConfig } from '@playwright/test';

// Two Musicify instances on one PostgreSQL, one S3 bucket and one NATS
// (internal/testserver/cluster, started by the global setup). One worker:
// the tests share the cluster and go through it in order.
export default defineConfig({
  testDir: './e2e-cluster',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  globalSetup: './e2e-cluster/global-setup.ts',
  use: {
    headless: true,
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
