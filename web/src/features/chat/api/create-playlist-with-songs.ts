import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToPlaylist, createPlaylist } from '@/components/playlists';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

export interface CreatedPlaylist {
  playlist: Playlist;
  /** How many of the songs made it in. */
  added: number;
  /** How many could not be added. */
  failed: number;
}

/**
 * The assistant's 'create_playlist': POST /api/playlist/create {name}, then
 * PUT /api/playlist/add for each song, in order. A song that cannot be added
 * is counted, not fatal: the playlist exists by then.
 */
export async function createPlaylistWithSongs({
  name,
  songs,
}: {
  name: string;
  songs: Song[];
}): Promise<CreatedPlaylist> {
  const { playlist } = await createPlaylist(name);
  let added = 0;
  for (const song of songs) {
    try {
      await addToPlaylist({ playlistId: playlist._id, songId: song._id });
      added += 1;
    } catch {
      // Counted below; the others still go in.
    }
  }
  return { playlist, added, failed: songs.length - added };
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
