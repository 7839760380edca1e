import { describe, expect, it } from 'vitest';
import { exportUrl, fileProblem, MAX_PLAYLIST_FILE_BYTES, nameFromFile } from './playlist-files';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('choosing a playlist file', () => {
  it('names the playlist after the file', () => {
    expect(nameFromFile('Road Trip.m3u8')).toBe('Road Trip');
    expect(nameFromFile('mix.v2.xspf')).toBe('mix.v2');
    expect(nameFromFile('plain')).toBe('plain');
  });

  it('takes the four kinds, in any case, within the size limit', () => {
    for (const name of ['a.m3u', 'a.M3U8', 'a.pls', 'a.XSPF']) {
      expect(fileProblem(file(name, 10))).toBeNull();
    }
    expect(fileProblem(file('song.mp3', 10))).toBe(
      'Choose an M3U, M3U8, PLS or XSPF playlist file.',
    );
    expect(fileProblem(file('big.m3u', MAX_PLAYLIST_FILE_BYTES + 1))).toBe(
      'This playlist file is larger than 5 MB.',
    );
    expect(fileProblem(file('empty.m3u', 0))).toBe('This file is empty.');
  });

  it('exports from the playlist’s address', () => {
    expect(exportUrl('abc', 'xspf')).toBe('/api/playlist/abc/export/xspf');
  });
});
