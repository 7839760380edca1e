import { api } from '@/lib/api-client';
import type { SyncSample } from '@/lib/clock-sync';

/**
 * GET /api/time as one clock probe, for when the live socket cannot connect:
 * the server's single stamp stands for both its receive and send times.
 */
export async function timeSample(now: () => number = () => Date.now()): Promise<SyncSample> {
  const t0 = now();
  const { now: server } = await api<{ now: number }>('/api/time');
  const t3 = now();
  return { t0, t1: server, t2: server, t3 };
}
