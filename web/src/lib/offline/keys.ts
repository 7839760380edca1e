/*
 * Where offline data lives, shared by the page and the service worker.
 *
 * Downloads are kept per user: one Cache Storage cache named after the user
 * id, with the audio under a key made of the song id (signed media URLs
 * change every hour, the song id does not) and covers under their own URL.
 * The page deletes every other user's cache when someone signs in, and its
 * own on logout, so one browser never holds two accounts' downloads.
 */

export const DOWNLOADS_CACHE_PREFIX = 'musicify-downloads-';

export function downloadsCacheName(userId: string): string {
  return `${DOWNLOADS_CACHE_PREFIX}${userId}`;
}

/** The user a downloads cache belongs to, or null for any other cache. */
export function cacheOwner(cacheName: string): string | null {
  return cacheName.startsWith(DOWNLOADS_CACHE_PREFIX)
    ? cacheName.slice(DOWNLOADS_CACHE_PREFIX.length)
    : null;
}

/** The cache key of a song's stored audio. */
export function audioKey(songId: string): string {
  return `/__offline/audio/${encodeURIComponent(songId)}`;
}

/**
 * The cache key that maps a media path (without its signature) to a song id:
 * a library song's path names its file, not the song.
 */
export function pathKey(pathname: string): string {
  return `/__offline/path?p=${encodeURIComponent(pathname)}`;
}

/** Song audio, signed (/media/s/…) or session-checked (/media/songs|lib/…). */
const AUDIO_PATH = /^\/media\/(?:s\/)?(?:songs|lib)\//;
/** An uploaded song's path carries its id: /media/(s/)songs/{id}/{file}. */
const SONG_PATH = /^\/media\/(?:s\/)?songs\/([^/]+)\/[^/]+$/;

export function isAudioPath(pathname: string): boolean {
  return AUDIO_PATH.test(pathname);
}

/** The song id an audio path names, when it names one. */
export function songIdOfPath(pathname: string): string | null {
  const m = SONG_PATH.exec(pathname);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

export function isCoverPath(pathname: string): boolean {
  return pathname.startsWith('/media/covers/');
}

/**
 * The key under which one rendition of a cover is kept for all its sizes and
 * formats: '/media/covers/9ab2-640.jpg' and '…-160.webp' share it.
 */
export function coverFallbackKey(pathname: string): string {
  return `/__offline/cover?c=${encodeURIComponent(pathname.replace(/-\d+\.[a-z0-9]+$/i, ''))}`;
}

/** localStorage keys, each per user. */
export const storageKeys = {
  /** The user whose offline data this browser holds. */
  owner: 'musicify-offline-owner',
  index: (userId: string) => `musicify-offline-index:${userId}`,
  queue: (userId: string) => `musicify-offline-queue:${userId}`,
  queries: (userId: string) => `musicify-offline-queries:${userId}`,
};

/** What the page tells the service worker. */
export const SW_MESSAGE_DOWNLOADS_CHANGED = 'musicify:downloads-changed';
