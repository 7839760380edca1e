import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

export interface CreatePlaylistResponse {
  message: string;
  playlist: Playlist;
}

/**
 * POST /api/playlist/create: a new, empty playlist of the caller. The name is
 * sent as typed (trimmed at the ends by the server): the original app's
 * hyphen replacement never worked, so spaces stay spaces.
 */
export function createPlaylist(name: string): Promise<CreatePlaylistResponse> {
  return api<CreatePlaylistResponse>('/api/playlist/create', { method: 'POST', body: { name } });
}

/** Creates a playlist and refreshes the caller's list of playlists. */
export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
