import { DOWNLOAD_CANCELED, fetchWithProgress } from '../download';
import { playable, type Song } from '../song';
import { readLocal, writeLocal } from '../storage';
import {
  audioKey,
  coverFallbackKey,
  downloadsCacheName,
  isCoverPath,
  pathKey,
  storageKeys,
  SW_MESSAGE_DOWNLOADS_CHANGED,
} from './keys';
import { createStore, useStore } from '../store';

/** What can be downloaded as a whole. */
export type CollectionKind = 'playlist' | 'album' | 'liked' | 'song';

export interface CollectionRef {
  kind: CollectionKind;
  id: string;
  name: string;
  cover: string;
}

export interface StoredCollection extends CollectionRef {
  /** The songs it held when it was downloaded, in order. */
  songIds: string[];
  savedAt: string;
}

export interface StoredSong {
  /** The song as the API gave it; its signed URLs expire, the stored copy does not. */
  song: Song;
  /** Bytes kept for it: the audio, and the covers it brought first. */
  bytes: number;
  savedAt: string;
}

export interface DownloadIndex {
  songs: Record<string, StoredSong>;
  collections: StoredCollection[];
}

export interface Progress {
  /** Songs saved so far out of the songs this run fetches. */
  done: number;
  total: number;
  /** 0–100 over the whole run, the song in flight included. */
  percent: number;
}

export interface DownloadsState {
  /** The user the downloads belong to; null when signed out. */
  owner: string | null;
  index: DownloadIndex;
  /** Runs in progress, by collection key. */
  active: Record<string, Progress>;
  /** The percentage of each song being fetched, by song id. */
  songs: Record<string, number>;
}

export interface DownloadResult {
  saved: number;
  failed: number;
}

const emptyIndex: DownloadIndex = { songs: {}, collections: [] };
const initial: DownloadsState = { owner: null, index: emptyIndex, active: {}, songs: {} };

const store = createStore<DownloadsState>(initial);
const runs = new Map<string, { controller: AbortController; promise: Promise<DownloadResult> }>();
const inflight = new Map<string, Promise<void>>();
const songWatchers = new Map<string, Set<(percent: number) => void>>();
let persistenceAsked = false;

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

function setState(patch: Partial<DownloadsState>): void {
  store.set((s) => ({ ...s, ...patch }));
}

export const getDownloadsState = store.get;

export function useDownloads<T>(selector: (s: DownloadsState) => T): T {
  return useStore(store, selector);
}

export function collectionKey(kind: CollectionKind, id: string): string {
  return `${kind}:${id}`;
}

function isIndex(v: unknown): v is DownloadIndex {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as DownloadIndex).songs === 'object' &&
    Array.isArray((v as DownloadIndex).collections)
  );
}

function saveIndex(index: DownloadIndex): void {
  const { owner } = store.get();
  if (owner) writeLocal(storageKeys.index(owner), index);
  setState({ index });
}

/** Tells the service worker the downloads changed, so it looks for them again. */
function notifyWorker(): void {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  sw?.controller?.postMessage({ type: SW_MESSAGE_DOWNLOADS_CHANGED });
}

function cacheStorage(): CacheStorage {
  if (typeof caches === 'undefined') throw new Error('This browser cannot keep music offline.');
  return caches;
}

/** Loads the downloads of the signed-in user (null: signed out, nothing is shown). */
export function setDownloadsOwner(userId: string | null): void {
  if (store.get().owner === userId) return;
  runs.forEach((r) => r.controller.abort());
  const index = userId ? (readLocal(storageKeys.index(userId), isIndex) ?? emptyIndex) : emptyIndex;
  setState({ owner: userId, index, active: {}, songs: {} });
}

/** Asks once per session that the browser keeps downloads when space runs low. */
async function requestPersistence(): Promise<void> {
  if (persistenceAsked) return;
  persistenceAsked = true;
  try {
    const storage = navigator.storage;
    if (storage?.persist && !(await storage.persisted())) await storage.persist();
  } catch {
    // Best effort: without it the browser may evict downloads under pressure.
  }
}

async function storeCovers(cache: Cache, song: Song): Promise<number> {
  let bytes = 0;
  const covers = [song.cover, song.coverSmall].filter(
    (u, i, all) => u && all.indexOf(u) === i && isCoverPath(new URL(u, location.origin).pathname),
  );
  for (const url of covers) {
    if (await cache.match(url)) continue;
    try {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) continue;
      const blob = await res.blob();
      const headers = { 'Content-Type': blob.type || 'image/jpeg' };
      await cache.put(url, new Response(blob, { headers }));
      // The largest rendition answers for every size a srcset may ask offline.
      if (url === song.cover) {
        const fallback = coverFallbackKey(new URL(url, location.origin).pathname);
        await cache.put(fallback, new Response(blob, { headers }));
      }
      bytes += blob.size;
    } catch {
      // A cover is nice to have: the song plays without it.
    }
  }
  return bytes;
}

/** Fetches one song's audio (and covers) into the owner's cache, with its percentage. */
async function saveSong(song: Song, owner: string, signal: AbortSignal): Promise<void> {
  const setSongPercent = (percent: number | null) => {
    if (store.get().owner !== owner) return;
    setState({ songs: { ...store.get().songs, [song._id]: percent ?? 0 } });
    songWatchers.get(song._id)?.forEach((watch) => watch(percent ?? 0));
  };
  try {
    setSongPercent(0);
    const { blob } = await fetchWithProgress(song.audio, { signal, onProgress: setSongPercent });
    if (store.get().owner !== owner) throw new Error(DOWNLOAD_CANCELED);
    const cache = await cacheStorage().open(downloadsCacheName(owner));
    const type = blob.type || 'audio/mpeg';
    await cache.put(
      audioKey(song._id),
      new Response(blob, {
        headers: { 'Content-Type': type, 'Content-Length': String(blob.size) },
      }),
    );
    await cache.put(pathKey(new URL(song.audio, location.origin).pathname), new Response(song._id));
    const coverBytes = await storeCovers(cache, song);
    if (store.get().owner !== owner) return;
    // Lyrics stay online: the index lives in localStorage, which is small.
    const stored: StoredSong = {
      song: { ...song, text: '' },
      bytes: blob.size + coverBytes,
      savedAt: new Date().toISOString(),
    };
    saveIndex({ ...store.get().index, songs: { ...store.get().index.songs, [song._id]: stored } });
  } finally {
    if (store.get().owner === owner) {
      setState({ songs: without(store.get().songs, song._id) });
    }
  }
}

/** Saves a song once, however many collections ask for it at the same time. */
function saveSongOnce(song: Song, owner: string, signal: AbortSignal): Promise<void> {
  const running = inflight.get(song._id);
  if (running) return running;
  const p = saveSong(song, owner, signal).finally(() => inflight.delete(song._id));
  inflight.set(song._id, p);
  return p;
}

function upsertCollection(ref: CollectionRef, songIds: string[]): void {
  const key = collectionKey(ref.kind, ref.id);
  const collection: StoredCollection = { ...ref, songIds, savedAt: new Date().toISOString() };
  const others = store.get().index.collections.filter((c) => collectionKey(c.kind, c.id) !== key);
  saveIndex({ ...store.get().index, collections: [collection, ...others] });
}

/**
 * Downloads a playlist, an album, the liked songs or one song for offline
 * listening: songs already kept are skipped, the rest are fetched one after
 * another. A song that fails is counted and the others go on; canceling
 * stops the run (the songs saved so far stay).
 */
export function downloadCollection(ref: CollectionRef, songs: Song[]): Promise<DownloadResult> {
  const owner = store.get().owner;
  if (!owner) return Promise.reject(new Error('Please sign in to download music.'));
  const key = collectionKey(ref.kind, ref.id);
  const existing = runs.get(key);
  if (existing) return existing.promise;

  const list = playable(songs).filter((s, i, all) => all.findIndex((o) => o._id === s._id) === i);
  const controller = new AbortController();
  const promise = (async (): Promise<DownloadResult> => {
    void requestPersistence();
    upsertCollection(
      ref,
      list.map((s) => s._id),
    );
    const todo = list.filter((s) => !store.get().index.songs[s._id]);
    const result: DownloadResult = { saved: 0, failed: 0 };
    const report = (done: number, fraction: number) => {
      if (store.get().owner !== owner) return;
      const percent = todo.length === 0 ? 100 : Math.floor(((done + fraction) / todo.length) * 100);
      setState({ active: { ...store.get().active, [key]: { done, total: todo.length, percent } } });
    };
    report(0, 0);
    try {
      for (const [i, song] of todo.entries()) {
        if (controller.signal.aborted) throw new Error(DOWNLOAD_CANCELED);
        const unsubscribe = watchSong(song._id, (p) => report(i, p / 100));
        try {
          await saveSongOnce(song, owner, controller.signal);
          result.saved += 1;
        } catch (err) {
          if (controller.signal.aborted) throw new Error(DOWNLOAD_CANCELED, { cause: err });
          result.failed += 1;
        } finally {
          unsubscribe();
        }
        report(i + 1, 0);
      }
      return result;
    } finally {
      runs.delete(key);
      if (store.get().owner === owner) {
        setState({ active: without(store.get().active, key) });
      }
      notifyWorker();
    }
  })();
  runs.set(key, { controller, promise });
  return promise;
}

/** Calls back with a song's percentage while it is fetched, for every run waiting on it. */
function watchSong(songId: string, onPercent: (p: number) => void): () => void {
  const set = songWatchers.get(songId) ?? new Set();
  set.add(onPercent);
  songWatchers.set(songId, set);
  return () => {
    set.delete(onPercent);
    if (set.size === 0) songWatchers.delete(songId);
  };
}

/** Stops a running download; it then fails with 'Download canceled'. */
export function cancelDownload(kind: CollectionKind, id: string): void {
  runs.get(collectionKey(kind, id))?.controller.abort();
}

/** Removes a download and every song no other download still needs. */
export async function removeCollection(kind: CollectionKind, id: string): Promise<void> {
  const owner = store.get().owner;
  if (!owner) return;
  cancelDownload(kind, id);
  const key = collectionKey(kind, id);
  const collections = store
    .get()
    .index.collections.filter((c) => collectionKey(c.kind, c.id) !== key);
  const needed = new Set(collections.flatMap((c) => c.songIds));
  const songs: Record<string, StoredSong> = {};
  const dropped: StoredSong[] = [];
  for (const [songId, stored] of Object.entries(store.get().index.songs)) {
    if (needed.has(songId)) songs[songId] = stored;
    else dropped.push(stored);
  }
  saveIndex({ songs, collections });
  if (collections.length === 0 && typeof caches !== 'undefined') {
    // Nothing left: no cache either, so the service worker stops looking.
    await caches.delete(downloadsCacheName(owner));
  } else {
    await deleteFromCache(owner, dropped, Object.values(songs));
  }
  notifyWorker();
}

async function deleteFromCache(owner: string, dropped: StoredSong[], kept: StoredSong[]) {
  if (dropped.length === 0 || typeof caches === 'undefined') return;
  const cache = await caches.open(downloadsCacheName(owner));
  const keptCovers = new Set(kept.flatMap(({ song }) => [song.cover, song.coverSmall]));
  for (const { song } of dropped) {
    await cache.delete(audioKey(song._id));
    await cache.delete(pathKey(new URL(song.audio, location.origin).pathname));
    for (const url of [song.cover, song.coverSmall]) {
      if (keptCovers.has(url)) continue;
      await cache.delete(url);
      if (url === song.cover)
        await cache.delete(coverFallbackKey(new URL(url, location.origin).pathname));
    }
  }
}

/** Removes every download of the signed-in user. */
export async function removeAllDownloads(): Promise<void> {
  const owner = store.get().owner;
  if (!owner) return;
  runs.forEach((r) => r.controller.abort());
  saveIndex(emptyIndex);
  if (typeof caches !== 'undefined') await caches.delete(downloadsCacheName(owner));
  notifyWorker();
}

/**
 * Forgets songs whose audio is no longer in the cache (the browser may
 * evict downloads that were not made persistent).
 */
export async function dropEvicted(): Promise<void> {
  const owner = store.get().owner;
  if (!owner || typeof caches === 'undefined') return;
  if (Object.keys(store.get().index.songs).length === 0) return;
  // Opening a cache makes it: look first, so a user without downloads gets none.
  const name = downloadsCacheName(owner);
  const cache = (await caches.has(name)) ? await caches.open(name) : null;
  const keys = new Set((cache ? await cache.keys() : []).map((r) => new URL(r.url).pathname));
  const songs = Object.fromEntries(
    Object.entries(store.get().index.songs).filter(([id]) =>
      keys.has(new URL(audioKey(id), location.origin).pathname),
    ),
  );
  if (store.get().owner !== owner) return;
  if (Object.keys(songs).length !== Object.keys(store.get().index.songs).length) {
    saveIndex({ ...store.get().index, songs });
  }
}

/** Deletes a user's downloads and their index: on logout and when another account signs in. */
export async function deleteDownloadsOf(userId: string): Promise<void> {
  try {
    window.localStorage.removeItem(storageKeys.index(userId));
  } catch {
    // Nothing to remove when storage is unavailable.
  }
  if (store.get().owner === userId) setDownloadsOwner(null);
  if (typeof caches !== 'undefined') await caches.delete(downloadsCacheName(userId));
  notifyWorker();
}

/** The stored songs of a download, in its order. */
export function songsOf(collection: StoredCollection, index: DownloadIndex): Song[] {
  return collection.songIds.flatMap((id) => {
    const stored = index.songs[id];
    return stored ? [stored.song] : [];
  });
}

/** Puts the store back as it starts, for tests. */
export function resetDownloads(): void {
  runs.forEach((r) => r.controller.abort());
  runs.clear();
  inflight.clear();
  songWatchers.clear();
  persistenceAsked = false;
  store.set(initial);
}
