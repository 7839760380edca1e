import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * Writes to one playlist's songs (moves, removals) reach the server one after
 * another, in the order they were made. Two quick moves sent side by side
 * could arrive the other way round on a busy server, which would save the
 * first order over the second. Each still shows on screen at once.
 */
export function songWritesScope(ref: string) {
  return { id: `playlist-songs:${ref}` };
}

/**
 * Reloads the playlist once the last of its queued writes is done, not after
 * each: the server's answer from between two moves would undo the second
 * on screen until the next reload.
 */
export function reloadAfterLastWrite(queryClient: QueryClient, ref: string): void {
  const { id } = songWritesScope(ref);
  // The write calling this is still counted as pending.
  const pending = queryClient.isMutating({
    predicate: (m) => m.options.scope?.id === id,
  });
  if (pending > 1) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlist(ref) });
}
