/** How long the search view waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Where the results of a search live: `/search?q=…` (just `/search` for nothing typed). */
export function searchPath(q: string): string {
  return q === '' ? '/search' : `/search?${new URLSearchParams({ q }).toString()}`;
}

/** What the search box tells the results view when it opens it. */
export interface SearchNavState {
  /** The page the search started from, where Escape goes back to. */
  from?: string;
  /** Opened by typing: the first words wait for the debounce like the rest. */
  typed?: boolean;
}

export function searchNavState(state: unknown): SearchNavState {
  return state && typeof state === 'object' ? (state as SearchNavState) : {};
}
