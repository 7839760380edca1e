import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui';
import { api, errorMessage } from '@/lib/api-client';
import type { PlaylistWithSongs } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';
import { reloadAfterLastWrite, songWritesScope } from './song-writes';

/** DELETE /api/playlist/{ref}/songs/{songId}: takes one song out of a playlist. */
export function removeFromPlaylist(ref: string, songId: string): Promise<{ message: string }> {
  return api<{ message: string }>(
    `/api/playlist/${encodeURIComponent(ref)}/songs/${encodeURIComponent(songId)}`,
    { method: 'DELETE' },
  );
}

/** Takes a song out at once on screen; a failure brings it back and says why. */
export function useRemoveFromPlaylist(ref: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = queryKeys.songs.playlist(ref);
  return useMutation({
    scope: songWritesScope(ref),
    mutationFn: (song: Song) => removeFromPlaylist(ref, song._id),
    onMutate: async (song) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PlaylistWithSongs>(key);
      if (before) {
        const songs = before.songs.filter((s) => s._id !== song._id);
        queryClient.setQueryData<PlaylistWithSongs>(key, { ...before, songs, count: songs.length });
      }
      return { before };
    },
    onError: (err, song, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(`We could not remove “${song.song}”. ${errorMessage(err)}`);
    },
    onSuccess: (_, song) => {
      const name = queryClient.getQueryData<PlaylistWithSongs>(key)?.name;
      toast.success(name ? `Removed “${song.song}” from “${name}”` : `Removed “${song.song}”`);
    },
    onSettled: () => {
      reloadAfterLastWrite(queryClient, ref);
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
    },
  });
}
