import { describe, expect, it } from 'vitest';
import type { Song } from '@/lib/song';
import {
  bufferedChange,
  continuesAlbum,
  fitsInMemory,
  freshStart,
  MAX_BUFFERED_SECONDS,
  nextStart,
  onFrame,
  positionAt,
  seekTarget,
  START_LEAD,
} from './schedule';

const SR = 48_000;

function song(track: number, extra: Partial<Song> = {}): Song {
  return {
    _id: `s${track}`,
    song: `Track ${track}`,
    artist: 'a',
    audio: `/media/s${track}`,
    download: '',
    cover: '',
    coverSmall: '',
    count: 0,
    duration: 120,
    format: 'opus',
    text: '',
    loudness: null,
    createdAt: '',
    mine: false,
    album: 'Sweep',
    albumId: 'al1',
    track,
    disc: 1,
    ...extra,
  };
}

describe('nextStart', () => {
  it('is the last frame of the current buffer: the next one starts on the following sample', () => {
    const start = 1000 / SR;
    expect(nextStart(start, 0, 96_000, SR)).toBe((1000 + 96_000) / SR);
  });

  it('counts from the offset a seek started at', () => {
    expect(nextStart(2, 0.5, 96_000, SR)).toBe(2 + 1.5);
  });

  it('leaves no gap across a chain of songs, in whole frames', () => {
    let at = freshStart(0.123456, SR);
    for (const frames of [96_000, 96_017, 95_999, 44_100 * 200]) {
      const next = nextStart(at, 0, frames, SR);
      expect(Math.round((next - at) * SR)).toBe(frames);
      expect(Number.isInteger(Math.round(next * SR))).toBe(true);
      expect(Math.abs(next * SR - Math.round(next * SR))).toBeLessThan(1e-6);
      at = next;
    }
  });

  it('is now-ish when the seek went past the end', () => {
    expect(nextStart(3, 5, 96_000, SR)).toBe(3);
  });
});

describe('freshStart and onFrame', () => {
  it('starts a little after now, on a sample frame', () => {
    const t = freshStart(10.00001, SR);
    expect(t).toBeGreaterThanOrEqual(10.00001 + START_LEAD);
    expect(t - (10.00001 + START_LEAD)).toBeLessThan(1 / SR);
    expect(Math.abs(t * SR - Math.round(t * SR))).toBeLessThan(1e-6);
  });

  it('keeps a time already on a frame', () => {
    expect(onFrame(480 / SR, SR)).toBe(480 / SR);
  });
});

describe('positionAt', () => {
  it('is the offset plus the context time since the start', () => {
    expect(positionAt(5.25, 5, 1, 120)).toBeCloseTo(1.25, 9);
  });

  it('stays at the offset until the source has started', () => {
    expect(positionAt(4.99, 5, 30, 120)).toBe(30);
  });

  it('never passes the end', () => {
    expect(positionAt(500, 5, 0, 120)).toBe(120);
  });
});

describe('seekTarget', () => {
  it('goes to a time, or by seconds from the position, within the song', () => {
    expect(seekTarget({ kind: 'to', value: 30 }, 10, 120)).toBe(30);
    expect(seekTarget({ kind: 'by', value: 10 }, 10, 120)).toBe(20);
    expect(seekTarget({ kind: 'by', value: -30 }, 10, 120)).toBe(0);
    expect(seekTarget({ kind: 'to', value: 500 }, 10, 120)).toBe(120);
  });

  it('after a pause, resumes from the position the clock gave', () => {
    const paused = positionAt(7.5, 5, 0, 120);
    expect(seekTarget({ kind: 'by', value: 0 }, paused, 120)).toBe(2.5);
  });
});

describe('when the buffered path applies', () => {
  it('holds songs of a known, bounded length only', () => {
    expect(fitsInMemory(song(1))).toBe(true);
    expect(fitsInMemory(song(1, { duration: 0 }))).toBe(false);
    expect(fitsInMemory(song(1, { duration: MAX_BUFFERED_SECONDS + 1 }))).toBe(false);
  });

  it('follows an album in track order', () => {
    expect(continuesAlbum(song(1), song(2))).toBe(true);
    expect(continuesAlbum(song(1), song(3))).toBe(false);
    expect(continuesAlbum(song(2), song(1))).toBe(false);
    expect(continuesAlbum(song(1), song(2, { albumId: 'other' }))).toBe(false);
    expect(continuesAlbum(song(1, { album: '' }), song(2, { album: '' }))).toBe(false);
    expect(continuesAlbum(song(1, { track: 0 }), song(2, { track: 0 }))).toBe(true);
    expect(continuesAlbum(song(9, { disc: 1 }), song(1, { disc: 2 }))).toBe(true);
  });

  it('is a gapless change at 1× between two such songs', () => {
    expect(bufferedChange(song(1), song(2), 0, 1)).toBe(true);
    expect(bufferedChange(song(1), null, 0, 1)).toBe(false);
    expect(bufferedChange(song(1), song(2), 2, 1)).toBe(false);
    expect(bufferedChange(song(1), song(2), 0, 1.5)).toBe(false);
    expect(bufferedChange(song(1), song(2, { duration: 3600 }), 0, 1)).toBe(false);
  });
});
