import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { ClockSync } from '@/lib/clock-sync';

/**
 * The server's clock for a page without the live connection (a listen-only
 * visitor has no session): the same rounds of probes and the same choice of
 * the least-delayed one, each probe a GET /api/time, whose one stamp stands
 * for both the server's receive and send times.
 */
export function useHttpClock(enabled: boolean): ClockSync {
  const [clock] = useState(() => new ClockSync());
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    clock.start(({ id, t0 }) => {
      void api<{ now: number }>('/api/time').then(
        ({ now }) => {
          if (live) clock.handle({ type: 'sync', id, t0, t1: now, t2: now });
        },
        () => undefined, // a lost probe: the next round measures again
      );
    });
    return () => {
      live = false;
      clock.stop();
    };
  }, [enabled, clock]);
  return clock;
}
