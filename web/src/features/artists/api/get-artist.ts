import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtistDetail } from '@/lib/albums';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/artists/{name}: one artist (any case of the name) with their
 * songs, their 5 most played and their albums; 404 without songs.
 */
export function getArtist(name: string, signal?: AbortSignal): Promise<ArtistDetail> {
  return api<ArtistDetail>(`/api/artists/${encodeURIComponent(name)}`, { signal });
}

export const artistQuery = (name: string) =>
  queryOptions({
    queryKey: queryKeys.artists.detail(name),
    queryFn: ({ signal }) => getArtist(name, signal),
  });

export function useArtist(name: string) {
  return useQuery(artistQuery(name));
}
