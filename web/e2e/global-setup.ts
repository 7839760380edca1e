import { baseURL } from './env';

/**
 * Waits until the server has finished seeding the demo catalog, so tests
 * neither race the seeding for CPU nor see a catalog half made.
 */
export default async function globalSetup() {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${baseURL}/healthz`);
    const health = (await res.json()) as { demo?: string };
    if (res.ok && health.demo !== 'seeding') return;
    if (Date.now() > deadline) throw new Error('the demo catalog was not seeded within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}
