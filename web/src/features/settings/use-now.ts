import { useEffect, useState } from 'react';

/** The time now (ms), moving on every `every` ms, for 'Last used 5 minutes ago'. */
export function useNow(every = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(id);
  }, [every]);
  return now;
}
