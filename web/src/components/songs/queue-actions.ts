import { useMemo } from 'react';
import { useToast } from '@/components/ui';
import { addToQueue, playNext } from '@/lib/player-store';
import type { Song } from '@/lib/song';

/** Play next and Add to queue, each confirmed with a toast. */
export function useQueueActions() {
  const toast = useToast();
  return useMemo(
    () => ({
      playNext: (songs: Song[]) => {
        if (songs.some((s) => !s.missing)) {
          playNext(songs);
          toast.success('Playing next');
        }
      },
      addToQueue: (songs: Song[]) => {
        if (songs.some((s) => !s.missing)) {
          addToQueue(songs);
          toast.success('Added to queue');
        }
      },
    }),
    [toast],
  );
}
