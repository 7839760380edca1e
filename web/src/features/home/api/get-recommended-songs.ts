import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/**
 * GET /api/recommend/all: up to 20 songs for the caller, learned from what
 * they and people like them play; what is popular before any history.
 */
export function getRecommendedSongs(signal?: AbortSignal): Promise<Song[]> {
  return api<Song[]>('/api/recommend/all', { signal });
}

/** Under the 'recommend' key, which a counted listen refreshes. */
export const recommendedSongsQuery = () =>
  queryOptions({
    queryKey: queryKeys.recommend.songs(),
    queryFn: ({ signal }) => getRecommendedSongs(signal),
  });

export function useRecommendedSongs() {
  return useQuery(recommendedSongsQuery());
}
