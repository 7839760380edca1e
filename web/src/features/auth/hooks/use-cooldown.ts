import { useEffect, useState } from 'react';

/** Seconds left until `since + seconds`, ticking once a second; 0 when over. */
export function useCooldown(since: number | null, seconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  const until = since === null ? 0 : since + seconds * 1000;
  const active = until > now;

  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active, until]);

  return active ? Math.min(seconds, Math.ceil((until - now) / 1000)) : 0;
}
