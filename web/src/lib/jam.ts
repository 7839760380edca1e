import { api } from './api-client';
import { createStore, useStore } from './store';

const KEY = 'musicify.jam';

/**
 * The Jam this browser is in, as its page last said: song menus offer "Add
 * to Jam" while it is set, without asking the server on every page. The
 * Jam's page sets and clears it; an add to a Jam that ended clears it too.
 */
export const joinedJam = createStore<string | null>(() => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
});

export function setJoinedJam(id: string | null): void {
  joinedJam.set(id);
  try {
    if (id) localStorage.setItem(KEY, id);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: kept for this page only.
  }
}

/** The id of the Jam this browser is in, or null. */
export function useJoinedJam(): string | null {
  return useStore(joinedJam);
}

/** POST /api/jams/{id}/queue: songs at the end of the Jam's queue, or next. */
export function addSongsToJam(jamId: string, songs: string[], next = false) {
  return api<unknown>(`/api/jams/${encodeURIComponent(jamId)}/queue`, {
    method: 'POST',
    body: { songs, next },
  });
}
