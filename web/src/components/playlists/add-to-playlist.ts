import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
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

export interface AddedSongs {
  added: number;
  /** Already in the playlist (409): not an error when adding a whole album. */
  already: number;
}

/**
 * Appends several songs in order, one call each (an album's 'Add to
 * playlist'). Songs already there are counted, not fatal; any other failure
 * stops, with the songs before it added.
 */
export async function addSongsToPlaylist(playlistId: string, songIds: string[]) {
  const result: AddedSongs = { added: 0, already: 0 };
  for (const songId of songIds) {
    try {
      await addToPlaylist({ playlistId, songId });
      result.added += 1;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 409) throw err;
      result.already += 1;
    }
  }
  return result;
}

export function useAddSongsToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, songIds }: { playlistId: string; songIds: string[] }) =>
      addSongsToPlaylist(playlistId, songIds),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlists() });
    },
  });
}
