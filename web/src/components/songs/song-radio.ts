import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui';
import { api, errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/**
 * GET /api/recommend/radio/{id}: a queue from the song through songs like it,
 * each near the one before in tempo and energy; 404 for an unknown song.
 */
export function getSongRadio(songId: string, signal?: AbortSignal): Promise<Song[]> {
  return api<Song[]>(`/api/recommend/radio/${encodeURIComponent(songId)}`, { signal });
}

export const songRadioQuery = (songId: string) =>
  queryOptions({
    queryKey: queryKeys.recommend.radio(songId),
    queryFn: ({ signal }) => getSongRadio(songId, signal),
    // Songs analysed or played since change the queue: each start asks afresh.
    staleTime: 0,
  });

/** What the toast says once a radio plays. */
export function songRadioMessage(song: Pick<Song, 'song'>): string {
  return `Song radio from “${song.song}”`;
}

/** Starts a song radio: fetches its queue and plays it from the seed. */
export function useStartSongRadio() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (song: Song) => queryClient.fetchQuery(songRadioQuery(song._id)),
    onSuccess: (queue, song) => {
      playSongs(queue, 0);
      toast.success(songRadioMessage(song));
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
}
