import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useToast } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { addSongsToJam, setJoinedJam, useJoinedJam } from '@/lib/jam';
import { addToQueue, playNext } from '@/lib/player-store';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/**
 * Play next and Add to queue, each confirmed with a toast; and Add to Jam
 * (null when the caller is in no Jam).
 */
export function useQueueActions() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const jam = useJoinedJam();
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
      addToJam: jam
        ? (songs: Song[]) => {
            const ids = songs.filter((s) => !s.missing).map((s) => s._id);
            if (ids.length === 0) return;
            addSongsToJam(jam, ids).then(
              () => {
                toast.success('Added to the Jam');
                void queryClient.invalidateQueries({ queryKey: queryKeys.jams.detail(jam) });
              },
              (err: unknown) => {
                // The Jam ended or let us go meanwhile: stop offering it.
                if (err instanceof ApiError && [403, 404, 410].includes(err.status))
                  setJoinedJam(null);
                toast.error(errorMessage(err));
              },
            );
          }
        : null,
    }),
    [toast, jam, queryClient],
  );
}
