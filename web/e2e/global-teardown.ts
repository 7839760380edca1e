import fs from 'node:fs';

/** Removes the run's temporary data directory. */
export default function globalTeardown() {
  const dir = process.env.MUSICIFY_E2E_DATA_DIR;
  if (dir && dir.includes('musicify-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
