import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** GET /api/recommend/song/{id}: up to 12 songs like this one; 404 for an unknown song. */
export function getSimilarSongs(songId: string, signal?: AbortSignal): Promise<Song[]> {
  return api<Song[]>(`/api/recommend/song/${encodeURIComponent(songId)}`, { signal });
}

export const similarSongsQuery = (songId: string) =>
  queryOptions({
    queryKey: queryKeys.recommend.similar(songId),
    queryFn: ({ signal }) => getSimilarSongs(songId, signal),
  });

export function useSimilarSongs(songId: string) {
  return useQuery(similarSongsQuery(songId));
}

/** POST /api/recommend/create: a sign of interest in a song, weaker than a listen. */
export function showInterest(songId: string): Promise<{ message: string }> {
  return api<{ message: string }>('/api/recommend/create', {
    method: 'POST',
    body: { song: songId },
  });
}

/** Tells the recommendations about an interest; Home's picks refresh with it. */
export function useShowInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: showInterest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.recommend.songs() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.recommend.artists() });
    },
  });
}
