import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { readLocal, writeLocal } from '../storage';
import { storageKeys } from './keys';

/** A snapshot larger than this is not kept (localStorage holds about 5 MB). */
const MAX_CHARS = 2_000_000;
/** Writes are gathered: one snapshot a few seconds after the last change. */
const SAVE_DELAY_MS = 2_000;
/** What only makes sense live: never shown from a snapshot. */
const LIVE_KEYS = new Set(['admin', 'chat', 'radio', 'public-share', 'offline']);

function isState(v: unknown): v is DehydratedState {
  return typeof v === 'object' && v !== null && Array.isArray((v as DehydratedState).queries);
}

function snapshot(client: QueryClient): DehydratedState {
  return dehydrate(client, {
    shouldDehydrateQuery: (q) =>
      q.state.status === 'success' && !LIVE_KEYS.has(String(q.queryKey[0])),
    shouldDehydrateMutation: () => false,
  });
}

/**
 * Saves what the query cache holds now over the last snapshot, so pages seen
 * before a reload stay: the same query is replaced, others are kept, the
 * oldest leave first when it grows too large.
 */
export function saveQuerySnapshot(client: QueryClient, userId: string): void {
  const now = snapshot(client);
  const previous = readLocal(storageKeys.queries(userId), isState);
  const byHash = new Map((previous?.queries ?? []).map((q) => [q.queryHash, q]));
  for (const q of now.queries) byHash.set(q.queryHash, q);
  const queries = [...byHash.values()].sort(
    (a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt,
  );
  let json = JSON.stringify({ mutations: [], queries });
  while (json.length > MAX_CHARS && queries.length > 1) {
    queries.splice(Math.ceil(queries.length / 2));
    json = JSON.stringify({ mutations: [], queries });
  }
  if (json.length > MAX_CHARS) return;
  try {
    window.localStorage.setItem(storageKeys.queries(userId), json);
  } catch {
    // Full or disabled storage: offline, pages not kept show that they need the network.
  }
}

/**
 * Keeps a copy of what the signed-in user has seen, so that the app opened
 * offline shows it (the profile, playlists, liked songs, pages visited).
 * Saved a moment after changes and when the page is left. Returns a stop.
 */
export function keepQuerySnapshots(client: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    saveQuerySnapshot(client, userId);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || timer !== undefined) return;
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  const onHide = () => save();
  window.addEventListener('pagehide', onHide);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('pagehide', onHide);
  };
}

/**
 * Opening the app offline: fills the query cache from the last snapshot of
 * the user this browser holds offline data for. Online nothing is restored:
 * the server answers as before.
 */
export function restoreQuerySnapshot(client: QueryClient): boolean {
  if (typeof navigator === 'undefined' || navigator.onLine) return false;
  const owner = readLocal(storageKeys.owner, (v): v is string => typeof v === 'string');
  if (!owner) return false;
  const state = readLocal(storageKeys.queries(owner), isState);
  if (!state) return false;
  hydrate(client, state);
  return true;
}

export function deleteQuerySnapshot(userId: string): void {
  try {
    window.localStorage.removeItem(storageKeys.queries(userId));
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** Writes the user whose offline data this browser holds. */
export function writeOwner(userId: string | null): void {
  if (userId) writeLocal(storageKeys.owner, userId);
  else {
    try {
      window.localStorage.removeItem(storageKeys.owner);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  }
}

export function readOwner(): string | null {
  return readLocal(storageKeys.owner, (v): v is string => typeof v === 'string');
}
