import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_CANCELED } from '@/lib/download';
import { deferred } from '@/test/deferred';
import { FakeCacheStorage } from '@/test/fake-caches';
import { makeSong } from '@/test/songs';
import {
  cancelDownload,
  deleteDownloadsOf,
  dropEvicted,
  downloadCollection,
  getDownloadsState,
  removeCollection,
  resetDownloads,
  setDownloadsOwner,
} from './downloads';
import { audioKey, downloadsCacheName, pathKey, storageKeys } from './keys';

const a = makeSong('a', {
  cover: '/media/covers/ca-640.jpg',
  coverSmall: '/media/covers/ca-160.jpg',
});
const b = makeSong('b');
const c = makeSong('c');
const playlist = { kind: 'playlist' as const, id: 'p1', name: 'Road trip', cover: '' };
const album = { kind: 'album' as const, id: 'al1', name: 'Chrome Tides', cover: '' };

let storage: FakeCacheStorage;
let fetched: string[];

function bytes(n: number) {
  return new Response(new Uint8Array(n), {
    headers: { 'Content-Type': 'audio/mpeg', 'Content-Length': String(n) },
  });
}

beforeEach(() => {
  storage = new FakeCacheStorage();
  fetched = [];
  vi.stubGlobal('caches', storage.asCacheStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return url.includes('/covers/') ? new Response('jpeg') : bytes(200_000);
    }),
  );
  setDownloadsOwner('ada');
});

afterEach(() => {
  resetDownloads();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

async function cached(songId: string) {
  const cache = storage.caches.get(downloadsCacheName('ada'));
  return (await cache?.match(audioKey(songId))) !== undefined;
}

describe('downloadCollection', () => {
  it('keeps each song under its id in the owner’s cache, with its covers, and lists it', async () => {
    await expect(downloadCollection(playlist, [a, b])).resolves.toEqual({ saved: 2, failed: 0 });
    expect(await cached('a')).toBe(true);
    expect(await cached('b')).toBe(true);
    const cache = storage.caches.get(downloadsCacheName('ada'))!;
    expect(await (await cache.match(pathKey('/media/songs/a/original.mp3')))?.text()).toBe('a');
    expect(await cache.match('/media/covers/ca-640.jpg')).toBeDefined();
    expect(await cache.match('/media/covers/ca-160.jpg')).toBeDefined();

    const { index } = getDownloadsState();
    expect(index.collections.map((col) => [col.kind, col.id, col.songIds])).toEqual([
      ['playlist', 'p1', ['a', 'b']],
    ]);
    expect(index.songs.a?.bytes).toBe(200_000 + 4 + 4);
    // The index survives a reload, for this user only.
    expect(window.localStorage.getItem(storageKeys.index('ada'))).toContain('"p1"');
  });

  it('reports progress over the whole run, the song in flight included', async () => {
    const held = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('/songs/b/') ? held.promise : bytes(100))),
    );
    const run = downloadCollection(playlist, [a, b]);
    await vi.waitFor(() => expect(getDownloadsState().active['playlist:p1']?.done).toBe(1));
    expect(getDownloadsState().active['playlist:p1']).toMatchObject({ total: 2, percent: 50 });
    held.resolve(bytes(100));
    await run;
    expect(getDownloadsState().active['playlist:p1']).toBeUndefined();
  });

  it('skips songs already kept, and counts a song that fails without stopping', async () => {
    await downloadCollection(playlist, [a]);
    fetched = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return url.includes('/songs/b/') ? new Response('{}', { status: 500 }) : bytes(10);
      }),
    );
    await expect(downloadCollection(album, [a, b, c])).resolves.toEqual({ saved: 1, failed: 1 });
    expect(fetched).toEqual(['/media/songs/b/original.mp3', '/media/songs/c/original.mp3']);
    expect(await cached('c')).toBe(true);
  });

  it('leaves out missing library files', async () => {
    const gone = makeSong('gone', { missing: true });
    await downloadCollection(playlist, [a, gone]);
    expect(getDownloadsState().index.collections[0]?.songIds).toEqual(['a']);
  });

  it('stops when canceled, keeping what was saved', async () => {
    const held = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('/songs/b/') ? held.promise : bytes(10))),
    );
    const run = downloadCollection(playlist, [a, b]);
    await vi.waitFor(() => expect(getDownloadsState().active['playlist:p1']?.done).toBe(1));
    cancelDownload('playlist', 'p1');
    await expect(run).rejects.toThrow(DOWNLOAD_CANCELED);
    expect(await cached('a')).toBe(true);
    expect(await cached('b')).toBe(false);
  });

  it('refuses without a signed-in owner', async () => {
    setDownloadsOwner(null);
    await expect(downloadCollection(playlist, [a])).rejects.toThrow('Please sign in');
  });
});

describe('removing', () => {
  it('keeps the songs another download still needs', async () => {
    await downloadCollection(playlist, [a, b]);
    await downloadCollection(album, [b, c]);
    await removeCollection('playlist', 'p1');
    expect(await cached('a')).toBe(false);
    expect(await cached('b')).toBe(true);
    expect(Object.keys(getDownloadsState().index.songs).sort()).toEqual(['b', 'c']);
    const cache = storage.caches.get(downloadsCacheName('ada'))!;
    expect(await cache.match('/media/covers/ca-640.jpg')).toBeUndefined();
  });

  it("deletes a user's cache and index (logout)", async () => {
    await downloadCollection(playlist, [a]);
    await deleteDownloadsOf('ada');
    expect(await storage.keys()).toEqual([]);
    expect(window.localStorage.getItem(storageKeys.index('ada'))).toBeNull();
    expect(getDownloadsState().owner).toBeNull();
  });

  it('deletes the cache with the last download', async () => {
    await downloadCollection(playlist, [a]);
    await removeCollection('playlist', 'p1');
    expect(await storage.keys()).toEqual([]);
  });
});

describe('dropEvicted', () => {
  it('forgets songs the browser evicted, and makes no cache for a user without downloads', async () => {
    await dropEvicted();
    expect(await storage.keys()).toEqual([]);

    await downloadCollection(playlist, [a, b]);
    await storage.caches.get(downloadsCacheName('ada'))!.delete(audioKey('a'));
    await dropEvicted();
    expect(Object.keys(getDownloadsState().index.songs)).toEqual(['b']);
  });
});
