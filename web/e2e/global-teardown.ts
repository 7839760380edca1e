import fs from 'node:fs';

/**
 * Removes the run's temporary data directories. Playwright stops the
 * servers only after this runs, so one may still be writing there (a job
 * finishing): removal is retried, and what still cannot be removed is left
 * in the temp dir with a warning, since housekeeping is not a test.
 */
export default function globalTeardown() {
  for (const dir of [process.env.MUSICIFY_E2E_DATA_DIR, process.env.MUSICIFY_E2E_ADMIN_DATA_DIR]) {
    if (!dir || !dir.includes('musicify-e2e-')) continue;
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
    } catch (err) {
      console.warn(
        `could not remove ${dir} while its server was still writing there: ${String(err)}`,
      );
    }
  }
}
