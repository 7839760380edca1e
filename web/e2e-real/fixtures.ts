import { test as base } from '@playwright/test';
import { startHarness, type Harness, type Mode } from './harness';

interface WorkerFixtures {
  /** The project's mode (playwright.real.config.ts). */
  mode: Mode;
  /** The harness for the mode, started once for all of the project's tests. */
  harness: Harness;
}

export const test = base.extend<object, WorkerFixtures>({
  mode: ['single', { option: true, scope: 'worker' }],
  harness: [
    async ({ mode }, use) => {
      const { harness, stop } = await startHarness(mode);
      await use(harness);
      await stop();
    },
    // Generating the library and starting PostgreSQL, S3 and NATS: a guard
    // against a hang, not a speed check.
    { scope: 'worker', timeout: 240_000 },
  ],
});

export { expect } from '@playwright/test';
