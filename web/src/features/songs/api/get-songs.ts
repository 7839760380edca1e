import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** GET /api/search/all: every song, newest first. */
export function getSongs(signal?: AbortSignal): Promise<Song[]> {
  return api<Song[]>('/api/search/all', { signal });
}

export const songsQuery = () =>
  queryOptions({
    queryKey: queryKeys.songs.list(),
    queryFn: ({ signal }) => getSongs(signal),
  });

export function useSongs() {
  return useQuery(songsQuery());
}
