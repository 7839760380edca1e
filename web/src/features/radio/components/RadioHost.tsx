import { lazy, Suspense, useEffect } from 'react';
import { getTuned, setTunedStation, useTuned } from '../tuned';

const RadioDock = lazy(() => import('./RadioDock'));

/**
 * Mounted once in the signed-in shell: while a station is tuned in, it keeps
 * playing across pages. The radio's code loads only once someone tunes in.
 */
export function RadioHost() {
  const tuned = useTuned((s) => s.station !== null);
  // Leaving the signed-in shell (signing out) tunes out: the dock then goes, and the audio with it.
  useEffect(
    () => () => {
      if (getTuned().station) void import('../live/radio-connection').then((m) => m.tuneOut());
      setTunedStation(null);
    },
    [],
  );
  return tuned ? (
    <Suspense fallback={null}>
      <RadioDock />
    </Suspense>
  ) : null;
}
