import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Song } from '@/lib/song';
import { filterSongs, sortSongs, useListView } from './list-view';

function song(p: Partial<Song> & { _id: string }): Song {
  return {
    song: p._id,
    artist: 'someone',
    uploader: 'someone',
    audio: '',
    download: '',
    cover: '',
    coverSmall: '',
    count: 0,
    duration: 60,
    format: 'mp3',
    text: '',
    loudness: null,
    createdAt: '2026-01-01T00:00:00Z',
    mine: false,
    ...p,
  } as Song;
}

const songs = [
  song({
    _id: 'a',
    song: 'Zephyr',
    artist: 'Ömer',
    album: 'Blue',
    count: 3,
    createdAt: '2026-03-01T00:00:00Z',
  }),
  song({
    _id: 'b',
    song: 'alpha',
    artist: 'Ann',
    album: '',
    count: 9,
    createdAt: '2026-01-01T00:00:00Z',
  }),
  song({
    _id: 'c',
    song: 'Mango 10',
    artist: 'bob',
    album: 'Amber',
    count: 1,
    createdAt: '2026-05-01T00:00:00Z',
  }),
  song({
    _id: 'd',
    song: 'Mango 9',
    artist: 'Cleo',
    album: 'Amber',
    count: 5,
    createdAt: '2026-02-01T00:00:00Z',
  }),
];
const ids = (list: Song[]) => list.map((s) => s._id).join('');

describe('sortSongs', () => {
  it('orders by each fact, names A to Z ignoring case, numbers as numbers', () => {
    expect(ids(sortSongs(songs, 'custom'))).toBe('abcd');
    expect(ids(sortSongs(songs, 'title'))).toBe('bdca');
    expect(ids(sortSongs(songs, 'artist'))).toBe('bcda');
    expect(ids(sortSongs(songs, 'album'))).toBe('cdab'); // singles last
    expect(ids(sortSongs(songs, 'added'))).toBe('cadb'); // newest first
    expect(ids(sortSongs(songs, 'plays'))).toBe('bdac'); // most first
    expect(ids(songs)).toBe('abcd'); // the list itself is left as it was
  });
});

describe('filterSongs', () => {
  it('keeps songs whose title, artist or album hold every word, accents aside', () => {
    expect(ids(filterSongs(songs, 'mango'))).toBe('cd');
    expect(ids(filterSongs(songs, 'amber cleo'))).toBe('d');
    expect(ids(filterSongs(songs, 'omer'))).toBe('a');
    expect(ids(filterSongs(songs, '  '))).toBe('abcd');
    expect(ids(filterSongs(songs, 'nothing'))).toBe('');
  });
});

describe('useListView', () => {
  afterEach(() => window.localStorage.clear());

  it('remembers each list’s sort and filter on its own', () => {
    const first = renderHook(() => useListView('playlist:p1'));
    act(() => first.result.current.setSort('plays'));
    act(() => first.result.current.setFilter('mango'));
    expect(ids(first.result.current.apply(songs))).toBe('dc');
    expect(first.result.current.natural).toBe(false);
    first.unmount();

    const again = renderHook(() => useListView('playlist:p1'));
    expect(again.result.current.sort).toBe('plays');
    expect(again.result.current.filter).toBe('mango');
    const other = renderHook(() => useListView('likes'));
    expect(other.result.current.sort).toBe('custom');
    expect(other.result.current.natural).toBe(true);
  });

  it('ignores a stored value it does not know', () => {
    window.localStorage.setItem(
      'musicify.list.songs',
      JSON.stringify({ sort: 'color', filter: 1 }),
    );
    const view = renderHook(() => useListView('songs'));
    expect(view.result.current.sort).toBe('custom');
  });
});
