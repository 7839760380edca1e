import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** One thing someone you follow did: uploaded or liked a song, or made a playlist. */
export interface FeedItem {
  kind: 'upload' | 'like' | 'playlist';
  /** Their username. */
  user: string;
  at: string;
  song?: Song;
  playlist?: Playlist;
}

/** GET /api/feed: what the people the caller follows did lately (at most 30, newest first). */
export function getFeed(signal?: AbortSignal): Promise<FeedItem[]> {
  return api<FeedItem[]>('/api/feed', { signal });
}

export const feedQuery = () =>
  queryOptions({
    queryKey: queryKeys.feed.all,
    queryFn: ({ signal }) => getFeed(signal),
  });

export function useFeed() {
  return useQuery(feedQuery());
}
