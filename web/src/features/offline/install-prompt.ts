import { createStore, useStore } from '@/lib/store';

/** Chrome's install prompt event (not in the DOM library yet). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const deferred = createStore<BeforeInstallPromptEvent | null>(null);

/**
 * Keeps the browser's install prompt for the 'Install app' menu item. Called
 * at start-up: the event may fire before React renders anything.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    // The browser's own mini-infobar stays away; the menu offers it instead.
    e.preventDefault();
    deferred.set(e as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => deferred.set(null));
}

/** Whether the browser offered to install the app (and it is not installed yet). */
export function useCanInstall(): boolean {
  return useStore(deferred, (e) => e !== null);
}

/** Shows the browser's install dialog; the prompt can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred.get();
  if (!event) return false;
  deferred.set(null);
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome === 'accepted';
}
