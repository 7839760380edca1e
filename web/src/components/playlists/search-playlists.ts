import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';

export interface SearchPlaylistsResponse {
  message: string;
  result: Playlist[];
}

/** POST /api/playlist/search: the caller's playlists whose names contain every word of `name`. */
export function searchPlaylists(name: string): Promise<SearchPlaylistsResponse> {
  return api<SearchPlaylistsResponse>('/api/playlist/search', {
    method: 'POST',
    body: { name },
  });
}

/** A search is asked for with a button, so it runs as a mutation, not a cached query. */
export function useSearchPlaylists() {
  return useMutation({ mutationFn: searchPlaylists });
}
