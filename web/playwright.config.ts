import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { adminBaseURL, adminPort, baseURL, port } from './e2e/env';

// One fresh data directory per run. Workers load this file again, so the
// first load passes the directory on to them through the environment.
process.env.MUSICIFY_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'musicify-e2e-'));
const dataDir = process.env.MUSICIFY_E2E_DATA_DIR;
process.env.MUSICIFY_E2E_ADMIN_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'musicify-e2e-'));
const adminDataDir = process.env.MUSICIFY_E2E_ADMIN_DATA_DIR;

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
  projects: [
    { name: 'app', testIgnore: /admin\.spec\.ts$/ },
    // The admin tests run on a server of their own, in order (see e2e/env.ts).
    { name: 'admin', testMatch: /admin\.spec\.ts$/, use: { baseURL: adminBaseURL } },
  ],
  webServer: [
    {
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
        // Sign-up codes are read from the dev outbox (e2e/helpers.ts).
        MUSICIFY_DEV_MAIL: 'true',
        MUSICIFY_DATA_DIR: dataDir,
        // Accounts made through the API come from addresses of their own
        // (X-Forwarded-For, see clientAddress in e2e/helpers.ts), so the
        // per-address sign-up and login limits do not add up across the suite.
        MUSICIFY_TRUST_PROXY: 'true',
        // A tiny imported library (12 files, 4 albums), so album and artist
        // pages have tagged music to show.
        MUSICIFY_LIBRARY_DIRS: path.resolve('..', 'testdata', 'library'),
        // Nobody the specs sign up becomes admin by being first (the admin
        // specs run on the server below): the menu is the same for all. No
        // account has this name, so none is made admin.
        MUSICIFY_ADMIN: 'e2e-admin',
      },
    },
    {
      command: '../bin/musicify serve',
      url: `${adminBaseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'ignore',
      env: {
        MUSICIFY_ADDR: `127.0.0.1:${adminPort}`,
        MUSICIFY_BASE_URL: adminBaseURL,
        // With the demo catalog, whose accounts must not take the admin's place.
        MUSICIFY_DEMO: 'true',
        MUSICIFY_DEV_MAIL: 'true',
        MUSICIFY_DATA_DIR: adminDataDir,
        MUSICIFY_TRUST_PROXY: 'true',
        MUSICIFY_LIBRARY_DIRS: path.resolve('..', 'testdata', 'library'),
      },
    },
  ],
});
