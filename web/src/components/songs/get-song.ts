import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** GET /api/songs/{id}: one song as it is now, with its features; 404 when unknown. */
export function getSong(id: string, signal?: AbortSignal): Promise<Song> {
  return api<Song>(`/api/songs/${encodeURIComponent(id)}`, { signal });
}

export const songQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.songs.detail(id),
    queryFn: ({ signal }) => getSong(id, signal),
  });

/** How often a song still being analysed is looked at again while its info is open. */
export const FEATURES_POLL_MS = 4000;
/** Asks at most this many times (about two minutes): without ffmpeg the answer never comes. */
export const FEATURES_POLL_LIMIT = 30;

/**
 * One song's details for the info panel. While its analysis has not run,
 * asks again every few seconds, so the sound shows up once it is heard.
 */
export function useSongDetails(id: string) {
  return useQuery({
    ...songQuery(id),
    refetchInterval: (query) => {
      const { data, status, dataUpdateCount } = query.state;
      if (status !== 'success' || !data || data.features != null) return false;
      return dataUpdateCount < FEATURES_POLL_LIMIT ? FEATURES_POLL_MS : false;
    },
  });
}
