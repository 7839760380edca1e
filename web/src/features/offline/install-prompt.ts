import { useSyncExternalStore } from 'react';

/** Chrome's install prompt event (not in the DOM library yet). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(next: BeforeInstallPromptEvent | null): void {
  deferred = next;
  listeners.forEach((l) => l());
}

/**
 * Keeps the browser's install prompt for the 'Install app' menu item. Called
 * at start-up: the event may fire before React renders anything.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    // The browser's own mini-infobar stays away; the menu offers it instead.
    e.preventDefault();
    set(e as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offered to install the app (and it is not installed yet). */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => deferred !== null,
    () => false,
  );
}

/** Shows the browser's install dialog; the prompt can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  set(null);
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome === 'accepted';
}
