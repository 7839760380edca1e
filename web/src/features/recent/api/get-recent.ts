import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** GET /api/me/recent: the songs the caller played, the latest first, each once. */
export function getRecent(signal?: AbortSignal): Promise<Song[]> {
  return api<Song[]>('/api/me/recent', { signal });
}

export const recentQuery = () =>
  queryOptions({
    queryKey: queryKeys.songs.recent(),
    queryFn: ({ signal }) => getRecent(signal),
  });
