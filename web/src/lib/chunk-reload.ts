/**
 * A page's code is split into hashed chunks. After a deploy the old hashes
 * are gone, so a tab opened before it fails to load any page it has not
 * visited yet. One reload brings the new index.html and its new chunks.
 */

/** Kept per tab: the failures this tab has already reloaded for. */
export const CHUNK_RELOADS_KEY = 'musicify.chunk-reloads';

// Chrome, Firefox, Safari, and Vite's own preload of a chunk's CSS.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Set once a reload is on its way: any later failure just waits for it. */
let reloading = false;

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : '';
}

/** Whether an error is a chunk of the app that could not be fetched. */
export function isChunkLoadError(err: unknown): boolean {
  return CHUNK_ERROR.test(messageOf(err));
}

/** The chunk's address when the browser names it (Safari does not: its sentence stands in). */
function failureKey(err: unknown): string {
  const message = messageOf(err);
  return message.match(/\bhttps?:\/\/\S+|\/assets\/\S+/)?.[0] ?? message;
}

function readReloads(): string[] {
  const raw = window.sessionStorage.getItem(CHUNK_RELOADS_KEY);
  const list: unknown = raw ? JSON.parse(raw) : [];
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

/**
 * How the page reloads: at `href`, the address a navigation was on its way
 * to (the router changes the address only once the page's code is in), or
 * else where it is. An object, so tests can watch it (jsdom cannot navigate).
 */
export const pageReload = {
  run(href?: string): void {
    if (href && new URL(href, window.location.href).href !== window.location.href) {
      window.location.assign(href);
    } else {
      window.location.reload();
    }
  },
};

/**
 * Reloads the page (at `href`, if given) for a chunk that failed to load,
 * once per chunk: if the
 * same chunk fails again after the reload, the server really lacks it and
 * the error screen shows instead of a loop. Offline, or without
 * sessionStorage to remember the reload, it does not reload either.
 * Returns whether the page is reloading.
 */
export function reloadForStaleChunk(err: unknown, href?: string): boolean {
  if (!isChunkLoadError(err) || !navigator.onLine) return false;
  if (reloading) return true;
  const key = failureKey(err);
  try {
    const done = readReloads();
    if (done.includes(key)) return false;
    window.sessionStorage.setItem(CHUNK_RELOADS_KEY, JSON.stringify([...done, key]));
    if (!readReloads().includes(key)) return false;
  } catch {
    return false;
  }
  reloading = true;
  pageReload.run(href);
  return true;
}

/** Forgets a reload on its way, for tests (a real reload starts the module anew). */
export function resetChunkReload(): void {
  reloading = false;
}

let listening = false;

/**
 * Vite tells of a chunk (or its CSS) it could not load with this event,
 * before the import fails. Reloading instead, when allowed, at the address
 * `target` names; the import then resolves with nothing.
 */
export function reloadOnPreloadError(target: () => string | undefined): void {
  if (listening) return;
  listening = true;
  window.addEventListener('vite:preloadError', (event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (reloadForStaleChunk(payload, target())) event.preventDefault();
  });
}
