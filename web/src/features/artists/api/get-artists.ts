import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Artist } from '@/lib/song';

/** GET /api/search/allartist: every user with at least one song, by name. */
export function getArtists(signal?: AbortSignal): Promise<Artist[]> {
  return api<Artist[]>('/api/search/allartist', { signal });
}

export const artistsQuery = () =>
  queryOptions({
    queryKey: queryKeys.artists.list(),
    queryFn: ({ signal }) => getArtists(signal),
  });

export function useArtists() {
  return useQuery(artistsQuery());
}
