import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { baseURL, port } from './e2e/env';

// One fresh data directory per run. Workers load this file again, so the
// first load passes the directory on to them through the environment.
process.env.MUSICIFY_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'musicify-e2e-'));
const dataDir = process.env.MUSICIFY_E2E_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    headless: true,
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    // Built beforehand by the Makefile (make build); never built here.
    command: '../bin/musicify serve',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'ignore',
    env: {
      MUSICIFY_ADDR: `127.0.0.1:${port}`,
      MUSICIFY_BASE_URL: baseURL,
      MUSICIFY_DEMO: 'true',
      MUSICIFY_DATA_DIR: dataDir,
      // Accounts made through the API come from addresses of their own
      // (X-Forwarded-For, see clientAddress in e2e/helpers.ts), so the
      // per-address sign-up and login limits do not add up across the suite.
      MUSICIFY_TRUST_PROXY: 'true',
    },
  },
});
