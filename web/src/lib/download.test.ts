import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/songs';
import {
  cancelDownload,
  ChunkProgress,
  DOWNLOAD_BUSY,
  DOWNLOAD_CANCELED,
  DOWNLOAD_CHUNK,
  DOWNLOAD_TIMED_OUT,
  downloadName,
  downloadSong,
  fetchWithProgress,
  filenameFromDisposition,
  getDownloadState,
  resetDownloads,
} from './download';

/** A body that hands out `pieces` (byte counts) one read at a time, then ends or hangs. */
function body(pieces: number[], { hang = false } = {}): ReadableStream<Uint8Array> {
  let i = 0;
  let value = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = pieces[i++];
      if (size === undefined) {
        if (!hang) controller.close();
        return hang ? new Promise(() => undefined) : undefined;
      }
      const chunk = new Uint8Array(size);
      for (let b = 0; b < size; b++) chunk[b] = value++ % 251;
      controller.enqueue(chunk);
      return undefined;
    },
  });
}

function respond(pieces: number[], headers: Record<string, string> = {}, opts = {}) {
  const total = pieces.reduce((a, b) => a + b, 0);
  return vi.fn(
    async () =>
      new Response(body(pieces, opts), {
        status: 200,
        headers: { 'Content-Length': String(total), 'Content-Type': 'audio/mpeg', ...headers },
      }),
  );
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

afterEach(() => resetDownloads());

describe('download progress', () => {
  it('counts whole 64 KiB chunks however the bytes arrive', () => {
    const p = new ChunkProgress(300_000);
    expect(p.percent).toBe(0);
    expect(p.add(100_000)).toBe(true);
    expect(p.completeChunks).toBe(1);
    expect(p.percent).toBe(Math.floor((DOWNLOAD_CHUNK * 100) / 300_000));
    expect(p.add(10)).toBe(false);
    expect(p.add(100_000)).toBe(true);
    expect(p.completeChunks).toBe(3);
    expect(p.percent).toBe(65);
    expect(new ChunkProgress(null).percent).toBeNull();
  });

  it('reports the percentage at each chunk and 100 at the end, with every byte', async () => {
    const fetchImpl = respond(Array(10).fill(20_000));
    const seen: (number | null)[] = [];
    const { blob, filename } = await fetchWithProgress('/media/songs/a/download', {
      fetchImpl,
      onProgress: (p) => seen.push(p),
    });
    // 200,000 bytes: chunks complete after 80,000, 140,000 and 200,000 bytes.
    expect(seen).toEqual([0, 32, 65, 98, 100]);
    expect(blob.size).toBe(200_000);
    const bytes = await bytesOf(blob);
    expect(bytes[199_999]).toBe(199_999 % 251);
    expect(filename).toBeNull();
    expect(fetchImpl).toHaveBeenCalledWith(
      '/media/songs/a/download',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('reports no percentage when the size is unknown', async () => {
    const fetchImpl = vi.fn(async () => new Response(body([70_000, 70_000]), { status: 200 }));
    const seen: (number | null)[] = [];
    await fetchWithProgress('/x', { fetchImpl, onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([null, null, null, 100]);
  });
});

describe('download failures', () => {
  it("says 'Download canceled' when aborted", async () => {
    const controller = new AbortController();
    const running = fetchWithProgress('/x', {
      fetchImpl: respond([70_000], {}, { hang: true }),
      signal: controller.signal,
    });
    await Promise.resolve();
    controller.abort();
    await expect(running).rejects.toThrow(new Error(DOWNLOAD_CANCELED));
  });

  it("says 'Download timed out' when it takes too long", async () => {
    await expect(
      fetchWithProgress('/x', { fetchImpl: respond([1000], {}, { hang: true }), timeoutMs: 20 }),
    ).rejects.toThrow(new Error(DOWNLOAD_TIMED_OUT));
    const never = vi.fn(() => new Promise<Response>(() => undefined));
    await expect(fetchWithProgress('/x', { fetchImpl: never, timeoutMs: 20 })).rejects.toThrow(
      new Error(DOWNLOAD_TIMED_OUT),
    );
  });

  it('passes any other error on with its own message', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchWithProgress('/x', { fetchImpl: offline })).rejects.toThrow(
      /^Failed to fetch$/,
    );
    const missing = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'This song does not exist.' }), { status: 404 }),
    );
    await expect(fetchWithProgress('/x', { fetchImpl: missing })).rejects.toThrow(
      new Error('This song does not exist.'),
    );
  });
});

describe('download names', () => {
  it('reads the file name of Content-Disposition', () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="Curl Tune.mp3"; filename*=UTF-8''Caf%C3%A9%20Tune.flac`,
      ),
    ).toBe('Café Tune.flac');
    expect(filenameFromDisposition('attachment; filename="Night \\"Drive\\".ogg"')).toBe(
      'Night "Drive".ogg',
    );
    expect(filenameFromDisposition('attachment; filename=plain.wav')).toBe('plain.wav');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it("saves as '{song}.{ext}', the extension from the server or else the song's format", () => {
    const song = makeSong('a', { song: 'Midnight Harbour', format: 'opus' });
    expect(downloadName(song, 'whatever.FLAC')).toBe('Midnight Harbour.flac');
    expect(downloadName(song, null)).toBe('Midnight Harbour.opus');
    expect(downloadName(song, 'no-extension')).toBe('Midnight Harbour.opus');
  });
});

describe('one download at a time', () => {
  it('refuses a second download while one runs, and cancels', async () => {
    const a = makeSong('a');
    const save = vi.fn();
    const first = downloadSong(a, { fetchImpl: respond([70_000], {}, { hang: true }), save });
    await vi.waitFor(() => expect(getDownloadState().percent).toBe(Math.floor(6553600 / 70000)));
    expect(getDownloadState()).toMatchObject({ songId: 'a', status: 'running' });

    await expect(downloadSong(makeSong('b'), { fetchImpl: respond([1]), save })).rejects.toThrow(
      new Error(DOWNLOAD_BUSY),
    );
    expect(getDownloadState().songId).toBe('a');

    cancelDownload();
    await expect(first).rejects.toThrow(new Error(DOWNLOAD_CANCELED));
    expect(getDownloadState().status).toBe('idle');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the finished file under its name and shows 100%', async () => {
    const save = vi.fn();
    const song = makeSong('a', { song: 'Midnight Harbour' });
    await downloadSong(song, {
      fetchImpl: respond([40_000, 40_000], {
        'Content-Disposition': `attachment; filename="Midnight Harbour.mp3"`,
      }),
      save,
    });
    expect(save).toHaveBeenCalledTimes(1);
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('Midnight Harbour.mp3');
    expect(blob.size).toBe(80_000);
    expect(getDownloadState()).toMatchObject({ songId: 'a', status: 'done', percent: 100 });

    // Another download may start right away.
    await downloadSong(makeSong('b'), { fetchImpl: respond([10]), save });
    expect(save).toHaveBeenCalledTimes(2);
  });
});
