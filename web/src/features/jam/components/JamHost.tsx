import { lazy, Suspense } from 'react';
import { useJoinedJam } from '@/lib/jam';
import { useJamHere } from '../here';

const JamDock = lazy(() => import('./JamDock'));

/**
 * Mounted once in the signed-in shell: while this browser is in a Jam and
 * "Play on this device" is on, the Jam plays on every page. Its code loads
 * only then; signing out unmounts the shell, and the audio goes with it.
 */
export function JamHost() {
  const id = useJoinedJam();
  const here = useJamHere();
  return id && here ? (
    <Suspense fallback={null}>
      <JamDock key={id} id={id} />
    </Suspense>
  ) : null;
}
