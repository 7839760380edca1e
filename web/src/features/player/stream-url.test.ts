import { describe, expect, it } from 'vitest';
import type { Song } from '@/lib/song';
import { streamUrl } from './stream-url';

const song = { _id: 'abc', audio: '/media/s/songs/abc/original.flac?sig=x' } as Song;

describe('streamUrl', () => {
  it('streams the original at the Original quality', () => {
    expect(streamUrl(song, 0, false)).toBe(song.audio);
  });

  it('streams the rendition at a chosen bitrate', () => {
    expect(streamUrl(song, 96, false)).toBe('/media/songs/abc/rendition?kbps=96');
    expect(streamUrl(song, 256, false)).toBe('/media/songs/abc/rendition?kbps=256');
  });

  it('plays a downloaded song from its kept copy whatever the quality', () => {
    expect(streamUrl(song, 96, true)).toBe(song.audio);
  });
});
