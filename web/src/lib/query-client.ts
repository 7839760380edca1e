import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Retries only what may pass on a second try: network failures and 5xx, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // The query library assumes a network until the browser says otherwise;
  // opened offline, queries must wait for it instead of failing (a failed
  // profile fetch would look like a signed-out visitor).
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      // Writes run offline too: listens, likes and playlist edits then go to
      // the offline queue (lib/offline), anything else fails with a sentence
      // instead of waiting silently for the network.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
