import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToPlaylist, createPlaylist } from '@/components/playlists';
import { ApiError } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';
import { findMyPlaylist } from './find-my-playlist';

export interface CreatedPlaylist {
  playlist: Playlist;
  /** How many of the songs made it in. */
  added: number;
  /** How many could not be added. */
  failed: number;
  /** The caller had a playlist of that name already: this is it, left as it was. */
  existing: boolean;
}

/**
 * The assistant's 'create_playlist': POST /api/playlist/create {name}, then
 * PUT /api/playlist/add for each song, in order. A song that cannot be added
 * is counted, not fatal: the playlist exists by then. When the caller has a
 * playlist of that name already (409, say made from this reply before), that
 * one is the answer, untouched; the 409 stands only when it cannot be found.
 */
export async function createPlaylistWithSongs({
  name,
  songs,
}: {
  name: string;
  songs: Song[];
}): Promise<CreatedPlaylist> {
  let playlist: Playlist;
  try {
    ({ playlist } = await createPlaylist(name));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    const mine = await findMyPlaylist(name).catch(() => null);
    if (!mine) throw err;
    return { playlist: mine, added: 0, failed: 0, existing: true };
  }
  let added = 0;
  for (const song of songs) {
    try {
      await addToPlaylist({ playlistId: playlist._id, songId: song._id });
      added += 1;
    } catch {
      // Counted below; the others still go in.
    }
  }
  return { playlist, added, failed: songs.length - added, existing: false };
}

export function useCreatePlaylistWithSongs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylistWithSongs,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
