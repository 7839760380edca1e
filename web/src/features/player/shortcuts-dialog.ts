import { useSyncExternalStore } from 'react';

/** Whether the keyboard shortcuts dialog is open: the `?` key and the bar's button both open it. */
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (open === value) return;
  open = value;
  listeners.forEach((l) => l());
}

export const openShortcuts = (): void => set(true);
export const closeShortcuts = (): void => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShortcutsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
