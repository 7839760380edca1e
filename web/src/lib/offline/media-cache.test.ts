import { beforeEach, describe, expect, it } from 'vitest';
import { FakeCacheStorage } from '@/test/fake-caches';
import { audioKey, coverFallbackKey, downloadsCacheName, pathKey } from './keys';
import { answerFromDownloads, hasDownloads } from './media-cache';

const origin = 'http://localhost';
let storage: FakeCacheStorage;

function audio(bytes: number) {
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'audio/mpeg' } });
}

function get(path: string, range?: string) {
  return new Request(`${origin}${path}`, { headers: range ? { Range: range } : {} });
}

beforeEach(async () => {
  storage = new FakeCacheStorage();
  const ada = await storage.open(downloadsCacheName('ada'));
  await ada.put(audioKey('s1'), audio(1000));
  await ada.put(audioKey('lib1'), audio(500));
  await ada.put(pathKey('/media/s/lib/f1/Album%2F01.flac'), new Response('lib1'));
  await ada.put('/media/covers/c1-640.jpg', new Response('big'));
  await ada.put(coverFallbackKey('/media/covers/c1-640.jpg'), new Response('big'));
});

describe('answerFromDownloads', () => {
  it("answers a downloaded song's signed URL from its owner's cache, whatever the signature", async () => {
    const res = await answerFromDownloads(
      get('/media/s/songs/s1/stream.mp3?u=ada&s=x&t=1&exp=2&sig=new', 'bytes=0-99'),
      storage.asCacheStorage(),
    );
    expect(res?.status).toBe(206);
    expect(res?.headers.get('Content-Range')).toBe('bytes 0-99/1000');
  });

  it("never answers another account's request from Ada's downloads", async () => {
    const res = await answerFromDownloads(
      get('/media/s/songs/s1/stream.mp3?u=bob&sig=x', 'bytes=0-'),
      storage.asCacheStorage(),
    );
    expect(res).toBeNull();
    // Nor does it make an empty cache for Bob while looking.
    expect(await storage.keys()).toEqual([downloadsCacheName('ada')]);
  });

  it('leaves a URL without a user, and a song not downloaded, to the network', async () => {
    const store = storage.asCacheStorage();
    expect(await answerFromDownloads(get('/media/songs/s1/stream.mp3'), store)).toBeNull();
    expect(await answerFromDownloads(get('/media/s/songs/s2/stream.mp3?u=ada'), store)).toBeNull();
  });

  it("finds a library song by its file's path", async () => {
    const res = await answerFromDownloads(
      get('/media/s/lib/f1/Album%2F01.flac?u=ada&sig=y'),
      storage.asCacheStorage(),
    );
    expect(res?.status).toBe(200);
    expect((await res!.arrayBuffer()).byteLength).toBe(500);
  });

  it('answers any size of a downloaded cover with the one kept', async () => {
    const store = storage.asCacheStorage();
    const exact = await answerFromDownloads(get('/media/covers/c1-640.jpg'), store);
    expect(await exact?.text()).toBe('big');
    const other = await answerFromDownloads(get('/media/covers/c1-320.webp'), store);
    expect(await other?.text()).toBe('big');
    expect(await answerFromDownloads(get('/media/covers/c2-640.jpg'), store)).toBeNull();
  });

  it('leaves writes and other paths alone', async () => {
    const store = storage.asCacheStorage();
    const post = new Request(`${origin}/media/s/songs/s1/stream.mp3?u=ada`, { method: 'POST' });
    expect(await answerFromDownloads(post, store)).toBeNull();
    expect(await answerFromDownloads(get('/api/songs?u=ada'), store)).toBeNull();
  });
});

describe('hasDownloads', () => {
  it("is true only while someone's downloads cache exists", async () => {
    expect(await hasDownloads(storage.asCacheStorage())).toBe(true);
    await storage.delete(downloadsCacheName('ada'));
    await storage.open('workbox-precache-v2');
    expect(await hasDownloads(storage.asCacheStorage())).toBe(false);
  });
});
