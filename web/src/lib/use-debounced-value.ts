import { useEffect, useState } from 'react';

/**
 * The value as it was `delay` ms after it last changed: typing fast asks the
 * server once, for the words the typing stopped at. It starts at `initial`
 * (by default the value itself, at once).
 */
export function useDebouncedValue<T>(value: T, delay: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, settled, delay]);
  return settled;
}
