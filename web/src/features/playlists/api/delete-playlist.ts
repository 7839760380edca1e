import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/playlist/delete/{ref}: the playlist and its cover go; the songs stay. */
export function deletePlaylist(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/playlist/delete/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.songs.playlist(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
