import { useContext, useSyncExternalStore } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';

/** Whether some query has nothing to show and waits for the network to come back. */
function someQueryWaits(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some((q) => q.state.fetchStatus === 'paused' && q.state.data === undefined);
}

/**
 * Whether the page is loading something that cannot come without a network:
 * offline, a page never opened before has nothing kept, and a spinner would
 * turn forever. A chunk read from the cache does not count: only queries do.
 */
export function useWaitingForNetwork(): boolean {
  // Outside a query client (a bare component test) nothing can wait.
  const client = useContext(QueryClientContext);
  return useSyncExternalStore(
    (listener) => client?.getQueryCache().subscribe(listener) ?? (() => undefined),
    () => (client ? someQueryWaits(client) : false),
    () => false,
  );
}
