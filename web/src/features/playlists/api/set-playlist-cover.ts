import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

export interface CoverInput {
  id: string;
  cover: File;
}

/** POST /api/playlist/cover: multipart `id` and `cover` (an image, checked by content). */
export function setPlaylistCover({
  id,
  cover,
}: CoverInput): Promise<{ message: string; playlist: Playlist }> {
  const form = new FormData();
  form.append('id', id);
  form.append('cover', cover, cover.name);
  return api<{ message: string; playlist: Playlist }>('/api/playlist/cover', {
    method: 'POST',
    body: form,
  });
}

/** Sets a cover and refreshes every place that shows the playlist. */
export function useSetPlaylistCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlaylistCover,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
