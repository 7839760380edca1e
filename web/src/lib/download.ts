import { fallbackMessage } from './api-client';
import type { Song } from './song';
import { createStore, useStore } from './store';

/** Progress is counted in steps of this many bytes. */
export const DOWNLOAD_CHUNK = 65536;
/** Generous: a large lossless file on a slow line still makes it. */
export const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;
export const DOWNLOAD_CANCELED = 'Download canceled';
export const DOWNLOAD_TIMED_OUT = 'Download timed out';
export const DOWNLOAD_BUSY = 'A download is already in progress';
/** How long the finished ring stays at 100% before the download icon comes back. */
const DONE_VISIBLE_MS = 1500;

/**
 * Counts received bytes in whole 64 KiB chunks, however the network slices
 * them, and turns the chunks into a percentage of the announced total.
 */
export class ChunkProgress {
  private bytes = 0;
  private chunks = 0;

  constructor(private readonly total: number | null) {}

  /** Adds received bytes; true when at least one more whole chunk is complete. */
  add(byteCount: number): boolean {
    this.bytes += byteCount;
    const whole = Math.floor(this.bytes / DOWNLOAD_CHUNK);
    if (whole === this.chunks) return false;
    this.chunks = whole;
    return true;
  }

  get completeChunks(): number {
    return this.chunks;
  }

  /** Whole chunks as a percentage of the total; null when the size is unknown. */
  get percent(): number | null {
    if (!this.total) return null;
    return Math.min(100, Math.floor((this.chunks * DOWNLOAD_CHUNK * 100) / this.total));
  }
}

/** The file name of a Content-Disposition header (filename* first), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;\s]+)/i.exec(header);
  if (!plain) return null;
  return plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? null);
}

/** The extension of a file name, lower case, or null when it has none. */
export function extensionOf(filename: string | null): string | null {
  if (!filename) return null;
  const m = /\.([a-z0-9]{1,8})$/i.exec(filename.trim());
  return m?.[1] ? m[1].toLowerCase() : null;
}

/** '{song}.{ext}': the extension of the server's file name, else the song's format. */
export function downloadName(song: Song, serverFilename: string | null): string {
  const ext = extensionOf(serverFilename) ?? (song.format || 'mp3');
  return `${song.song}.${ext}`;
}

export interface FetchProgressOptions {
  /** Called with the percentage (null while the size is unknown). */
  onProgress?: (percent: number | null) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface Downloaded {
  blob: Blob;
  filename: string | null;
}

async function responseMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  } catch {
    // Not JSON: fall back to a sentence for the status.
  }
  return fallbackMessage(res.status);
}

/**
 * GETs a file with a stream reader, reporting progress in 64 KiB chunks.
 * Fails with exactly 'Download canceled' (aborted), 'Download timed out' or
 * the error's own message.
 */
export async function fetchWithProgress(
  url: string,
  {
    onProgress,
    signal,
    timeoutMs = DOWNLOAD_TIMEOUT_MS,
    fetchImpl = fetch,
  }: FetchProgressOptions = {},
): Promise<Downloaded> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward);
  if (signal?.aborted) controller.abort();
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(new DOMException('The download was aborted.', 'AbortError'));
    if (controller.signal.aborted) fail();
    controller.signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined);

  try {
    const res = await Promise.race([
      fetchImpl(url, { credentials: 'same-origin', signal: controller.signal }),
      aborted,
    ]);
    if (!res.ok) throw new Error(await responseMessage(res));
    const length = Number(res.headers.get('Content-Length'));
    const progress = new ChunkProgress(Number.isFinite(length) && length > 0 ? length : null);
    onProgress?.(progress.percent === null ? null : 0);

    const parts: BlobPart[] = [];
    if (res.body) {
      const reader = res.body.getReader();
      try {
        for (;;) {
          const { done, value } = await Promise.race([reader.read(), aborted]);
          if (done) break;
          parts.push(value as Uint8Array<ArrayBuffer>);
          if (progress.add(value.byteLength)) onProgress?.(progress.percent);
        }
      } finally {
        if (controller.signal.aborted) reader.cancel().catch(() => undefined);
      }
    } else {
      parts.push(await res.blob());
    }
    onProgress?.(100);
    const type = res.headers.get('Content-Type') ?? '';
    return {
      blob: new Blob(parts, { type }),
      filename: filenameFromDisposition(res.headers.get('Content-Disposition')),
    };
  } catch (err) {
    if (timedOut) throw new Error(DOWNLOAD_TIMED_OUT, { cause: err });
    if (controller.signal.aborted) throw new Error(DOWNLOAD_CANCELED, { cause: err });
    if (err instanceof Error) throw err;
    throw new Error(String(err), { cause: err });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** Hands a blob to the browser as a file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The one download the app runs at a time, for the UI. */
export interface DownloadState {
  songId: string | null;
  status: 'idle' | 'running' | 'done';
  percent: number | null;
}

const idle: DownloadState = { songId: null, status: 'idle', percent: null };
const download = createStore<DownloadState>(idle);
let controller: AbortController | null = null;
let doneTimer: ReturnType<typeof setTimeout> | undefined;
const setDownload = download.set;

export const getDownloadState = download.get;

export function useDownloadState(): DownloadState {
  return useStore(download);
}

export interface DownloadSongOptions {
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  save?: (blob: Blob, name: string) => void;
}

/**
 * Downloads a song's original file and saves it as '{song}.{ext}'. Only one
 * download runs at a time: another call meanwhile fails with
 * 'A download is already in progress'.
 */
export async function downloadSong(song: Song, options: DownloadSongOptions = {}): Promise<void> {
  if (download.get().status === 'running') throw new Error(DOWNLOAD_BUSY);
  clearTimeout(doneTimer);
  const own = new AbortController();
  controller = own;
  setDownload({ songId: song._id, status: 'running', percent: null });
  try {
    const { blob, filename } = await fetchWithProgress(song.download, {
      signal: own.signal,
      timeoutMs: options.timeoutMs,
      fetchImpl: options.fetchImpl,
      onProgress: (percent) => setDownload({ songId: song._id, status: 'running', percent }),
    });
    (options.save ?? saveBlob)(blob, downloadName(song, filename));
    setDownload({ songId: song._id, status: 'done', percent: 100 });
    doneTimer = setTimeout(() => {
      const now = download.get();
      if (now.songId === song._id && now.status === 'done') setDownload(idle);
    }, DONE_VISIBLE_MS);
  } catch (err) {
    setDownload(idle);
    throw err;
  } finally {
    if (controller === own) controller = null;
  }
}

/** Stops the running download; it then fails with 'Download canceled'. */
export function cancelDownload(): void {
  controller?.abort();
}

/** Forgets any download, for tests. */
export function resetDownloads(): void {
  controller?.abort();
  controller = null;
  clearTimeout(doneTimer);
  setDownload(idle);
}
