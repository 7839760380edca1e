import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Mix, MixSong } from '@/lib/mix';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/mixes/{id}: a mix with its songs in order; 404 for an unknown mix. */
export const mixQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.songs.mix(id),
    queryFn: ({ signal }) =>
      api<{ mix: Mix; songs: MixSong[] }>(`/api/mixes/${encodeURIComponent(id)}`, { signal }),
  });

/** POST /api/mixes/{id}/playlist: the mix as it is now, kept as a playlist. */
export function useSaveMix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ playlist: Playlist }>(`/api/mixes/${encodeURIComponent(id)}/playlist`, {
        method: 'POST',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlists() });
    },
  });
}
