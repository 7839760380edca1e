import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LibraryStatus } from './types';

/** GET /api/admin/library: the library folders and where the scan stands. */
export function getLibrary(signal?: AbortSignal): Promise<LibraryStatus> {
  return api<LibraryStatus>('/api/admin/library', { signal });
}

/** How often the page asks while a scan runs. */
export const SCAN_POLL_MS = 1500;

export const libraryQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.library(),
    queryFn: ({ signal }) => getLibrary(signal),
    // Polls only while a scan runs; a finished scan is still until the next.
    refetchInterval: (q) => (q.state.data?.running ? SCAN_POLL_MS : false),
  });

export function useLibrary() {
  return useQuery(libraryQuery());
}
