import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

export interface AddToPlaylistInput {
  playlistId: string;
  songId: string;
}

/** PUT /api/playlist/add: appends a song; 409 with a sentence when it is already there. */
export function addToPlaylist({
  playlistId,
  songId,
}: AddToPlaylistInput): Promise<{ message: string; playlist: Playlist }> {
  return api<{ message: string; playlist: Playlist }>('/api/playlist/add', {
    method: 'PUT',
    body: { id: playlistId, songs: songId },
  });
}

/** Adds a song and refreshes that playlist and the caller's list (counts change). */
export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToPlaylist,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlists() });
    },
  });
}
