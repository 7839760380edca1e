import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Album } from '@/lib/albums';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import type { Artist, Song } from '@/lib/song';

/** Another listener found by name, and whether the caller follows them. */
export interface FoundUser {
  _id: string;
  username: string;
  following: boolean;
  name?: string;
  /** The small image of the picture they chose, when they chose one. */
  picture?: string;
}

/** The one result that best answers the words, whatever its group. */
export type TopResult =
  | { type: 'song'; song: Song }
  | { type: 'artist'; artist: Artist }
  | { type: 'album'; album: Album }
  | { type: 'playlist'; playlist: Playlist };

export interface SearchResults {
  /** Null when nothing matches. */
  top: TopResult | null;
  songs: Song[];
  /** Uploaders, then the library's artists of the songs found. */
  artists: Artist[];
  albums: Album[];
  playlists: Playlist[];
  users: FoundUser[];
}

/**
 * GET /api/search?q=: the top result, then songs, artists, albums, playlists
 * and people, each ranked; word starts in any order, and typos are forgiven.
 */
export function search(q: string, signal?: AbortSignal): Promise<SearchResults> {
  return api<SearchResults>(`/api/search?q=${encodeURIComponent(q)}`, { signal });
}

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.songs.search(q),
    queryFn: ({ signal }) => search(q, signal),
    // No placeholder from the last words: results shown under other words
    // than they answer mislead (the page says it is searching instead).
    // Results mix songs, playlists and whom the caller follows, which change
    // elsewhere: coming back to the same words asks again (the answer kept
    // for these very words stays on screen meanwhile).
    staleTime: 0,
    enabled: q !== '',
  });

export function useSearch(q: string) {
  return useQuery(searchQuery(q));
}
