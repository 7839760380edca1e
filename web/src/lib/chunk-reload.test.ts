import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOADS_KEY,
  isChunkLoadError,
  pageReload,
  reloadForStaleChunk,
  resetChunkReload,
} from './chunk-reload';

const chrome = (name: string) =>
  new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${name}.js`);

afterEach(() => {
  resetChunkReload();
  vi.restoreAllMocks();
});

describe('isChunkLoadError', () => {
  it('knows the browsers’ words for a chunk that could not be fetched', () => {
    expect(isChunkLoadError(chrome('HomePage-1a2b'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloadForStaleChunk', () => {
  it('reloads once per chunk, so a chunk the server lacks cannot loop', () => {
    const run = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    expect(reloadForStaleChunk(chrome('HomePage-1a2b'))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(CHUNK_RELOADS_KEY) ?? '[]')).toEqual([
      'http://localhost/assets/HomePage-1a2b.js',
    ]);

    // The page came back (a new module) and the same chunk fails again: no second reload.
    resetChunkReload();
    expect(reloadForStaleChunk(chrome('HomePage-1a2b'))).toBe(false);
    // Another chunk, after a later deploy, still gets its one reload.
    expect(reloadForStaleChunk(chrome('AlbumPage-3c4d'))).toBe(true);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('waits for a reload on its way instead of asking for another', () => {
    const run = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    expect(reloadForStaleChunk(chrome('A-1'))).toBe(true);
    expect(reloadForStaleChunk(chrome('B-2'))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('leaves other errors, and offline failures, to the error screen', () => {
    const run = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    expect(reloadForStaleChunk(new Error('boom'))).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reloadForStaleChunk(chrome('HomePage-1a2b'))).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });

  it('does not reload when it cannot remember having reloaded', () => {
    const run = vi.spyOn(pageReload, 'run').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(reloadForStaleChunk(chrome('HomePage-1a2b'))).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });
});
