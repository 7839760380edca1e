import fs from 'node:fs';

/**
 * Removes the run's temporary data directories. The servers may still be
 * finishing a background job that writes there: ENOTEMPTY is retried.
 */
export default function globalTeardown() {
  for (const dir of [process.env.MUSICIFY_E2E_DATA_DIR, process.env.MUSICIFY_E2E_ADMIN_DATA_DIR]) {
    if (dir && dir.includes('musicify-e2e-'))
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
