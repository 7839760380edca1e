import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/playlist/all: the caller's playlists, newest first. */
export function getPlaylists(signal?: AbortSignal): Promise<Playlist[]> {
  return api<Playlist[]>('/api/playlist/all', { signal });
}

export const playlistsQuery = () =>
  queryOptions({
    queryKey: queryKeys.playlists.list(),
    queryFn: ({ signal }) => getPlaylists(signal),
  });

export function usePlaylists() {
  return useQuery(playlistsQuery());
}
