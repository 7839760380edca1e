import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import type { Artist, Song } from '@/lib/song';

/** Another listener found by name, and whether the caller follows them. */
export interface FoundUser {
  _id: string;
  username: string;
  following: boolean;
}

export interface SearchResults {
  songs: Song[];
  artists: Artist[];
  playlists: Playlist[];
  users: FoundUser[];
}

/**
 * GET /api/search?q=: songs, artists, playlists and people, each ranked; word
 * starts in any order, and typos are forgiven.
 */
export function search(q: string, signal?: AbortSignal): Promise<SearchResults> {
  return api<SearchResults>(`/api/search?q=${encodeURIComponent(q)}`, { signal });
}

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.songs.search(q),
    queryFn: ({ signal }) => search(q, signal),
    // The last results stay while the next ones load, so they do not flash away.
    placeholderData: keepPreviousData,
    // Results mix songs, playlists and whom the caller follows, which change
    // elsewhere: coming back to the same words asks again (the old ones stay
    // on screen meanwhile).
    staleTime: 0,
    enabled: q !== '',
  });

export function useSearch(q: string) {
  return useQuery(searchQuery(q));
}
