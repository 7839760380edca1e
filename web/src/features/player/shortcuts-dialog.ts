import { createStore, useStore } from '@/lib/store';

/** Whether the keyboard shortcuts dialog is open: the `?` key and the bar's button both open it. */
const shortcutsOpen = createStore(false);

export const openShortcuts = (): void => shortcutsOpen.set(true);
export const closeShortcuts = (): void => shortcutsOpen.set(false);

export function useShortcutsOpen(): boolean {
  return useStore(shortcutsOpen);
}
