import { useSyncExternalStore } from 'react';

/**
 * A value outside React that components and plain modules both read and
 * watch: the player, the settings, the downloads. One shape for all of them,
 * so each module holds only its own rules, not another copy of the plumbing.
 */
export interface Store<T> {
  get(): T;
  /** Replaces the value (or derives it from the current one); listeners hear of real changes only. */
  set(next: T | ((current: T) => T)): void;
  /** Calls `listener` after each change; returns the way to stop. */
  subscribe(listener: () => void): () => void;
  /** Back to the initial value; a lazy initial value is computed again (tests, signing out). */
  reset(): void;
}

const UNSET: unique symbol = Symbol('unset');

/**
 * Makes a store. `initial` may be a function, as with useState: it runs on
 * the first read, so a store that reads localStorage costs nothing until used.
 */
export function createStore<T>(initial: T | (() => T)): Store<T> {
  let value: T | typeof UNSET = UNSET;
  const listeners = new Set<() => void>();
  const init = (): T => (typeof initial === 'function' ? (initial as () => T)() : initial);
  const get = (): T => {
    if (value === UNSET) value = init();
    return value;
  };
  const notify = () => listeners.forEach((l) => l());

  return {
    get,
    set(next) {
      const current = get();
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
      if (Object.is(resolved, current)) return;
      value = resolved;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reset() {
      value = UNSET;
      notify();
    },
  };
}

/**
 * Reads a store, or one slice of it, in a component; it re-renders only when
 * that slice changes. A selector must return a value it already holds (a
 * field, a number), not a new object each call.
 */
export function useStore<T>(store: Store<T>): T;
export function useStore<T, S>(store: Store<T>, selector: (state: T) => S): S;
export function useStore<T, S>(store: Store<T>, selector?: (state: T) => S): T | S {
  const read = selector ? (): T | S => selector(store.get()) : store.get;
  return useSyncExternalStore(store.subscribe, read, read);
}
