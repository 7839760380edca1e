import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const harness = fileURLToPath(new URL('../../bin/e2e-cluster', import.meta.url));
const musicify = fileURLToPath(new URL('../../bin/musicify', import.meta.url));

/**
 * Starts the cluster harness and hands its URLs to the tests through the
 * environment; the function it returns is the global teardown. The harness
 * stops everything when its standard input closes, so it ends with this
 * runner however the runner ends.
 */
export default async function globalSetup() {
  for (const bin of [harness, musicify]) {
    if (!fs.existsSync(bin)) throw new Error(`no ${bin}: run make e2e-cluster`);
  }
  const child = spawn(harness, ['-musicify', musicify], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline.createInterface({ input: child.stdout });
  const ready = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the cluster harness exited (${code})`)));
  });
  process.env.MUSICIFY_CLUSTER = ready;
  return async () => {
    child.stdin.end();
    // A guard against a hang, not a speed check.
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(guard);
  };
}
