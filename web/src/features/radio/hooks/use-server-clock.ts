import { useEffect, useState } from 'react';
import type { ClockSync } from '@/lib/clock-sync';

/**
 * The server's time, re-read at each of its whole seconds (and whenever the
 * offset is measured anew), so every countdown on the page ticks together
 * and reaches zero when the server does.
 */
export function useServerClock(clock: ClockSync): number {
  const [now, setNow] = useState(() => clock.serverNow());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const n = clock.serverNow();
      setNow(n);
      // A couple of ms past the boundary, so the new second has surely begun.
      timer = setTimeout(tick, 1000 - (((n % 1000) + 1000) % 1000) + 2);
    };
    timer = setTimeout(tick, 0);
    const unsubscribe = clock.subscribe(() => setNow(clock.serverNow()));
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [clock]);
  return now;
}
