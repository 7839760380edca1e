import { createStore, useStore } from './store';

/** Client state shared across pages that has no module of its own. */
export interface ClientState {
  /** The term of the shared search box, null until a search is made. */
  searchTerm: string | null;
}

const clientState = createStore<ClientState>({ searchTerm: null });

export const getClientState = clientState.get;

/** Puts the store back as it starts, for tests. */
export const resetClientState = clientState.reset;

/** Reads one slice of the client state; the component re-renders only when it changes. */
export function useClientState<T>(selector: (s: ClientState) => T): T {
  return useStore(clientState, selector);
}

export const useSearchTerm = (): string | null => useClientState((s) => s.searchTerm);

export function setSearchTerm(term: string | null): void {
  clientState.set((s) => ({ ...s, searchTerm: term }));
}
