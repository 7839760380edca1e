import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

export interface PlaylistDetailsInput {
  id: string;
  /** Left out: the name stays. */
  name?: string;
  /** Left out: the description stays; '' clears it. */
  description?: string;
}

/** PUT /api/playlist/{ref}: the name and/or the description, changed together. */
export function updatePlaylist({
  id,
  ...details
}: PlaylistDetailsInput): Promise<{ message: string; playlist: Playlist }> {
  return api<{ message: string; playlist: Playlist }>(`/api/playlist/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: details,
  });
}

/** Changes a playlist's details and refreshes every place that shows the playlist. */
export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlaylist,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
