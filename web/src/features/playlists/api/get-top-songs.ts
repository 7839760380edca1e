import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** GET /api/recommend/top: the most listened songs, at most 50. */
export function getTopSongs(signal?: AbortSignal): Promise<Song[]> {
  return api<Song[]>('/api/recommend/top', { signal });
}

export const topSongsQuery = () =>
  queryOptions({
    queryKey: queryKeys.recommend.top(),
    queryFn: ({ signal }) => getTopSongs(signal),
  });

export function useTopSongs(enabled = true) {
  return useQuery({ ...topSongsQuery(), enabled });
}
