import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Artist, Song } from '@/lib/song';

export interface ArtistPage {
  artist: Artist;
  songs: Song[];
}

/** GET /api/artists/{name}: one artist and their songs, newest first; 404 without songs. */
export function getArtist(name: string, signal?: AbortSignal): Promise<ArtistPage> {
  return api<ArtistPage>(`/api/artists/${encodeURIComponent(name)}`, { signal });
}

export const artistQuery = (name: string) =>
  queryOptions({
    queryKey: queryKeys.artists.detail(name),
    queryFn: ({ signal }) => getArtist(name, signal),
  });

export function useArtist(name: string) {
  return useQuery(artistQuery(name));
}
