import { useEffect, useState, useSyncExternalStore } from 'react';
import { timeSample } from '../api/get-time';
import { RadioLive, type LiveSnapshot } from '../live/radio-live';

/** The page's live connection, open while the page is: clock, counts and the joined station. */
export function useRadioLive(): { live: RadioLive; snapshot: LiveSnapshot } {
  const [live] = useState(() => new RadioLive({ fallbackSample: () => timeSample() }));
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  const snapshot = useSyncExternalStore(live.subscribe, live.getSnapshot);
  return { live, snapshot };
}
