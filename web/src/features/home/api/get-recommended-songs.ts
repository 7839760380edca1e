import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** Why a song is recommended (docs/api.md, `GET /api/recommend/all`). */
export interface RecommendReason {
  kind: 'because' | 'sound' | 'artist' | 'words' | 'explore' | 'popular';
  /** A sentence to show: 'Because you played X'. */
  text: string;
  /** The song the reason names, if any. */
  songId?: string;
}

export type RecommendedSong = Song & { reason?: RecommendReason };

/**
 * GET /api/recommend/all: up to 20 songs for the caller, learned from what
 * they and people like them play, each with its reason; what is popular
 * before any history.
 */
export function getRecommendedSongs(signal?: AbortSignal): Promise<RecommendedSong[]> {
  return api<RecommendedSong[]>('/api/recommend/all', { signal });
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
