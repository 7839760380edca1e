import fs from 'node:fs';

/** Removes the run's temporary data directories. */
export default function globalTeardown() {
  for (const dir of [process.env.MUSICIFY_E2E_DATA_DIR, process.env.MUSICIFY_E2E_ADMIN_DATA_DIR]) {
    if (dir && dir.includes('musicify-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
  }
}
