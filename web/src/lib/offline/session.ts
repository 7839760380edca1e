import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { setWriteDeferral } from '../api-client';
import { deleteDownloadsOf, dropEvicted, setDownloadsOwner } from './downloads';
import { deleteQuerySnapshot, keepQuerySnapshots, readOwner, writeOwner } from './query-snapshot';
import { clearQueue, enqueueWrite, flushQueue, isQueueable } from './write-queue';

let currentUser: string | null = null;
let stopCurrent: (() => void) | null = null;
let onlineHooked = false;

/** Sends what was queued offline, then refreshes what the writes changed. */
export async function flushOfflineWrites(client: QueryClient): Promise<number> {
  const user = currentUser;
  if (!user) return 0;
  const sent = await flushQueue(user);
  if (sent > 0) await client.invalidateQueries();
  return sent;
}

/**
 * Back online, the queued writes go first and only then does TanStack Query
 * refetch: a like made offline is not undone on screen by a list fetched
 * before it reached the server.
 */
function hookOnline(client: QueryClient): void {
  if (onlineHooked) return;
  onlineHooked = true;
  onlineManager.setEventListener((setOnline) => {
    const on = () => void flushOfflineWrites(client).finally(() => setOnline(true));
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  });
}

/** Everything one user keeps offline in this browser, gone. */
export async function wipeOfflineData(userId: string): Promise<void> {
  clearQueue(userId);
  deleteQuerySnapshot(userId);
  if (readOwner() === userId) writeOwner(null);
  await deleteDownloadsOf(userId);
}

/**
 * Starts the offline layer for a signed-in user: their downloads, the
 * snapshot of what they see, the queue of offline writes. Another account's
 * offline data left in this browser (a session that expired without a
 * logout) is deleted first. Returns a stop.
 */
export function startOfflineSession(client: QueryClient, userId: string): () => void {
  stopCurrent?.();
  const previous = readOwner();
  if (previous && previous !== userId) void wipeOfflineData(previous);
  writeOwner(userId);
  currentUser = userId;
  setDownloadsOwner(userId);
  void dropEvicted();
  hookOnline(client);
  setWriteDeferral((write) => {
    if (navigator.onLine || !isQueueable(write.method, write.path)) return false;
    enqueueWrite(userId, write);
    return true;
  });
  const stopSnapshots = keepQuerySnapshots(client, userId);
  if (navigator.onLine) void flushOfflineWrites(client);
  const stop = () => {
    stopSnapshots();
    if (stopCurrent !== stop) return;
    stopCurrent = null;
    setWriteDeferral(null);
    currentUser = null;
  };
  stopCurrent = stop;
  return stop;
}

/**
 * Logging out: what was queued is sent while the session still holds, then
 * the user's downloads, queue and snapshot are deleted.
 */
export async function beforeSignOut(client: QueryClient): Promise<void> {
  if (navigator.onLine) await flushOfflineWrites(client).catch(() => 0);
}

export async function afterSignOut(userId: string): Promise<void> {
  stopCurrent?.();
  setDownloadsOwner(null);
  await wipeOfflineData(userId);
}
