import { defineConfig } from '@playwright/test';
import type { Mode } from './e2e-real/harness';

// Musicify as self-hosters run it (internal/testserver/cluster -real): no
// demo catalog, a generated music folder with the hard cases, a real SMTP
// server, a metrics token. The same story runs in each mode, one after the
// other, each on a harness of its own. One worker: the tests of a mode
// build on each other, in order.
export default defineConfig<{ mode: Mode }>({
  testDir: './e2e-real',
  workers: 1,
  retries: 0,
  reporter: 'list',
  // Guards against a hang, not speed checks: a step waits for a scan that
  // gives way to every request (a minute for 200 files beside stress-ng
  // on two cores), or for a training that polls every 30 s.
  timeout: 300_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  use: {
    headless: true,
    trace: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    { name: 'single', use: { mode: 'single' } },
    // The conformance session runs once, in single mode: it scrobbles, rates
    // and rescans, and a second run would only repeat it.
    { name: 'cluster', use: { mode: 'cluster' }, grepInvert: /a Subsonic app makes every call/ },
  ],
});
