import { answerRange } from './range';
import {
  audioKey,
  cacheOwner,
  coverFallbackKey,
  downloadsCacheName,
  isAudioPath,
  isCoverPath,
  pathKey,
  songIdOfPath,
} from './keys';

/** Whether any user's downloads are kept in this browser. */
export async function hasDownloads(storage: CacheStorage): Promise<boolean> {
  return (await storage.keys()).some((name) => cacheOwner(name) !== null);
}

async function answerCover(url: URL, storage: CacheStorage): Promise<Response | null> {
  for (const name of await storage.keys()) {
    if (cacheOwner(name) === null) continue;
    const cache = await storage.open(name);
    // The exact rendition, else the one kept for this cover (a srcset may
    // ask for a size that was not downloaded).
    const hit =
      (await cache.match(url.pathname)) ?? (await cache.match(coverFallbackKey(url.pathname)));
    if (hit) return hit;
  }
  return null;
}

async function answerAudio(request: Request, url: URL, storage: CacheStorage) {
  // Signed URLs name their user. The stored copy is only ever looked up in
  // that user's own cache, and the page keeps no other user's cache around.
  const user = url.searchParams.get('u');
  if (!user) return null;
  const name = downloadsCacheName(user);
  if (!(await storage.has(name))) return null;
  const cache = await storage.open(name);
  let songId = songIdOfPath(url.pathname);
  let stored = songId ? await cache.match(audioKey(songId)) : undefined;
  if (!stored) {
    const alias = await cache.match(pathKey(url.pathname));
    if (!alias) return null;
    songId = await alias.text();
    stored = await cache.match(audioKey(songId));
  }
  if (!stored) return null;
  return answerRange(stored, request.headers.get('Range'));
}

/**
 * The service worker's answer for a media request from the downloads, or
 * null when it is not downloaded (the request then goes to the network).
 */
export async function answerFromDownloads(
  request: Request,
  storage: CacheStorage,
): Promise<Response | null> {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (isCoverPath(url.pathname)) return answerCover(url, storage);
  if (isAudioPath(url.pathname)) return answerAudio(request, url, storage);
  return null;
}
