import { useSyncExternalStore } from 'react';

/** Client state shared across pages. The player and the queue join it later. */
export interface ClientState {
  /** The term of the shared search box, null until a search is made. */
  searchTerm: string | null;
}

const initialState: ClientState = { searchTerm: null };

let state: ClientState = initialState;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setState(patch: Partial<ClientState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function getClientState(): ClientState {
  return state;
}

/** Puts the store back as it starts, for tests. */
export function resetClientState(): void {
  state = initialState;
  listeners.forEach((l) => l());
}

/** Reads one slice of the client state; the component re-renders only when it changes. */
export function useClientState<T>(selector: (s: ClientState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(initialState),
  );
}

export const useSearchTerm = (): string | null => useClientState((s) => s.searchTerm);

export function setSearchTerm(term: string | null): void {
  setState({ searchTerm: term });
}
