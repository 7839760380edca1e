import { describe, expect, it } from 'vitest';
import { makeSong } from '@/test/songs';
import { albumArtist, artistName, playable, songArtist } from './song';

describe('names of artists', () => {
  it("shows an uploader's hyphens as spaces and a tagged name as it is", () => {
    expect(songArtist(makeSong('a', { artist: 'neon-harbor', uploader: 'neon-harbor' }))).toBe(
      'neon harbor',
    );
    expect(songArtist(makeSong('b', { artist: 'Jay-Z', uploader: '' }))).toBe('Jay-Z');
    // Saved queues from before the field existed: as before, hyphens as spaces.
    expect(songArtist(makeSong('c', { artist: 'paper-moons' }))).toBe('paper moons');
    expect(artistName({ name: 'Blink-182', userId: '' })).toBe('Blink-182');
    expect(artistName({ name: 'sleepy-kettle', userId: 'u7' })).toBe('sleepy kettle');
  });

  it('shows a name the uploader chose exactly as they wrote it', () => {
    expect(songArtist(makeSong('a', { artist: 'Jean-Michel Ocean', uploader: 'jm' }))).toBe(
      'Jean-Michel Ocean',
    );
    expect(artistName({ name: 'Neon Harbor', userId: 'u1', username: 'neon-harbor' })).toBe(
      'Neon Harbor',
    );
    expect(artistName({ name: 'neon-harbor', userId: 'u1', username: 'neon-harbor' })).toBe(
      'neon harbor',
    );
    expect(albumArtist({ artist: 'Sleepy-Kettle', userId: 'u7', username: 'kettle' })).toBe(
      'Sleepy-Kettle',
    );
    expect(albumArtist({ artist: 'kettle-k', userId: 'u7', username: 'kettle-k' })).toBe(
      'kettle k',
    );
    expect(albumArtist({ artist: 'Blink-182', userId: '' })).toBe('Blink-182');
  });
});

describe('playable', () => {
  it('leaves missing library files out', () => {
    const songs = [makeSong('a'), makeSong('b', { missing: true }), makeSong('c')];
    expect(playable(songs).map((s) => s._id)).toEqual(['a', 'c']);
  });
});
