import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { removeSong } from '@/lib/player-store';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/songs/{id}: deletes one of the caller's own songs and its files. */
export function deleteSong(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/songs/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a song, takes it out of the queue and refreshes every list that showed it. */
export function useDeleteSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSong,
    onSuccess: (_, id) => {
      removeSong(id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.recommend.all });
    },
  });
}
