import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** How often a transcript being written is looked at again. */
export const TRANSCRIPT_POLL_MS = 4000;

/** GET /api/songs/{id}: one song as it is now; 404 when unknown. */
export function getSong(id: string, signal?: AbortSignal): Promise<Song> {
  return api<Song>(`/api/songs/${encodeURIComponent(id)}`, { signal });
}

export const songQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.songs.detail(id),
    queryFn: ({ signal }) => getSong(id, signal),
  });

/**
 * The song's transcript while it is being written: asks again every few
 * seconds until it is done (or failed). Off when `enabled` is false.
 */
export function useTranscriptProgress(id: string, enabled: boolean) {
  return useQuery({
    ...songQuery(id),
    enabled: enabled && id !== '',
    refetchInterval: (query) => {
      const { data, status } = query.state;
      if (status === 'error' || (data && data.transcript !== 'pending')) return false;
      return TRANSCRIPT_POLL_MS;
    },
  });
}
