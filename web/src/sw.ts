/*
 * The service worker (built by vite-plugin-pwa into /sw.js): it precaches the
 * app shell so Musicify opens without a network, answers media requests for
 * downloaded songs from the user's downloads (with Range), and sends
 * everything else to the network as before.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { isAudioPath, isCoverPath, SW_MESSAGE_DOWNLOADS_CHANGED } from './lib/offline/keys';
import { answerFromDownloads, hasDownloads } from './lib/offline/media-cache';

// The DOM library the app is checked with has no service worker types: the
// few this file uses, declared here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}
declare const self: ServiceWorkerScope;

/** Server routes a navigation may reach that are not the app: never answered with the shell. */
const SERVER_PAGES = /^\/(api|media|rest|dev|auth)(\/|$)/;

// Unknown after a restart, until the caches are looked at: until then media
// requests are answered here, after that only while downloads exist.
let downloadsKept: boolean | null = null;

function refreshDownloadsKept(): Promise<void> {
  return hasDownloads(caches).then(
    (kept) => {
      downloadsKept = kept;
    },
    () => {
      downloadsKept = null;
    },
  );
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), refreshDownloadsKept()]));
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === SW_MESSAGE_DOWNLOADS_CHANGED) void refreshDownloadsKept();
});

// Registered before the precache route, so these answers come first.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;

  if (request.mode === 'navigate') {
    if (SERVER_PAGES.test(url.pathname)) return;
    // The network first, so the server's answer is unchanged online; the
    // precached shell when there is no network.
    event.respondWith(
      fetch(request).catch(async () => (await matchPrecache('/index.html')) ?? Response.error()),
    );
    return;
  }

  if ((isAudioPath(url.pathname) || isCoverPath(url.pathname)) && downloadsKept !== false) {
    event.respondWith(
      (async () => {
        if (downloadsKept === null) await refreshDownloadsKept();
        const stored = await answerFromDownloads(request, caches);
        return stored ?? fetch(request);
      })(),
    );
  }
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
