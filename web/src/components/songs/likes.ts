import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui';
import { api, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** GET /api/like/all: the caller's liked songs, the latest like first. */
export function getLikedSongs(signal?: AbortSignal): Promise<Song[]> {
  return api<Song[]>('/api/like/all', { signal });
}

/** POST /api/like/add: likes a song (liking twice is fine). */
export function likeSong(songId: string): Promise<{ message: string }> {
  return api<{ message: string }>('/api/like/add', { method: 'POST', body: { song: songId } });
}

/** DELETE /api/like/{song}: takes the like back. */
export function unlikeSong(songId: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/like/${encodeURIComponent(songId)}`, {
    method: 'DELETE',
  });
}

/**
 * The liked songs, loaded once for every heart on the screen: a list of a
 * hundred songs asks the server one question, not a hundred.
 */
export const likedSongsQuery = () =>
  queryOptions({
    queryKey: queryKeys.songs.liked(),
    queryFn: ({ signal }) => getLikedSongs(signal),
  });

export function useLikedSongs() {
  return useQuery(likedSongsQuery());
}

/** Whether one song is liked; false until the list has loaded. */
export function useIsLiked(songId: string): boolean {
  const { data } = useQuery({
    ...likedSongsQuery(),
    select: (songs) => songs.some((s) => s._id === songId),
  });
  return data ?? false;
}

/** The liked list after liking or unliking `song`: a new like goes first, as the server orders it. */
export function withLike(list: Song[] | undefined, song: Song, liked: boolean): Song[] {
  const rest = (list ?? []).filter((s) => s._id !== song._id);
  return liked ? [song, ...rest] : rest;
}

interface ToggleVars {
  song: Song;
  /** The state asked for: true likes, false unlikes. */
  like: boolean;
}

/**
 * Likes or unlikes at once on screen (every heart and the Liked Songs list),
 * then asks the server; a failure puts the list back and says why.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = queryKeys.songs.liked();
  return useMutation({
    // One at a time, in click order: a like and its quick unlike must reach
    // the server in that order, or the server keeps the wrong one.
    scope: { id: 'likes' },
    mutationFn: ({ song, like }: ToggleVars) => (like ? likeSong(song._id) : unlikeSong(song._id)),
    onMutate: async ({ song, like }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Song[]>(key, (list) => withLike(list, song, like));
    },
    onError: (err, { song, like }) => {
      // Only this song goes back: other hearts clicked meanwhile keep their state.
      queryClient.setQueryData<Song[]>(key, (list) => withLike(list, song, !like));
      toast.error(
        `${like ? 'We could not like' : 'We could not unlike'} “${song.song}”. ${errorMessage(err)}`,
      );
    },
    onSuccess: (_, { like }) => {
      toast.info(like ? 'Added to Liked Songs' : 'Removed from Liked Songs');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
