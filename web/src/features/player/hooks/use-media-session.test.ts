import { describe, expect, it } from 'vitest';
import { makeSong } from '@/test/songs';
import { artworkFor, songMetadata } from './use-media-session';

describe('what the lock screen shows', () => {
  it('offers every cover rendition, smallest first', () => {
    const song = makeSong('a', {
      cover: '/media/covers/9ab2-640.jpg',
      coverSmall: '/media/covers/9ab2-160.jpg',
    });
    expect(artworkFor(song)).toEqual([
      { src: '/media/covers/9ab2-160.jpg', sizes: '160x160', type: 'image/jpeg' },
      { src: '/media/covers/9ab2-320.jpg', sizes: '320x320', type: 'image/jpeg' },
      { src: '/media/covers/9ab2-640.jpg', sizes: '640x640', type: 'image/jpeg' },
    ]);
  });

  it('falls back to the default cover, at any size', () => {
    expect(artworkFor(makeSong('a'))).toEqual([
      { src: '/default-cover.svg', sizes: 'any', type: 'image/svg+xml' },
    ]);
  });

  it('names the song, its artist as people read it, and its real album', () => {
    const song = makeSong('a', {
      song: 'Low Tide',
      album: 'Harbour Lights',
      uploader: 'neon-harbor',
    });
    expect(songMetadata(song)).toMatchObject({
      title: 'Low Tide',
      artist: 'neon harbor',
      album: 'Harbour Lights',
    });
    const tagged = makeSong('b', { artist: 'Jay-Z', uploader: '', album: '' });
    expect(songMetadata(tagged)).toMatchObject({ artist: 'Jay-Z', album: '' });
  });
});
