import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Artist } from '@/lib/song';

/** GET /api/recommend/artist: up to 10 artists for the caller. */
export function getRecommendedArtists(signal?: AbortSignal): Promise<Artist[]> {
  return api<Artist[]>('/api/recommend/artist', { signal });
}

/** Under the 'recommend' key, which a counted listen refreshes. */
export const recommendedArtistsQuery = () =>
  queryOptions({
    queryKey: queryKeys.recommend.artists(),
    queryFn: ({ signal }) => getRecommendedArtists(signal),
  });

export function useRecommendedArtists() {
  return useQuery(recommendedArtistsQuery());
}
