import { useState } from 'react';
import { readLocal, writeLocal } from '@/lib/storage';
import { songArtist, type Song } from '@/lib/song';

/** How a list of songs is ordered: its own order, or by one of the songs' facts. */
export type SongSort = 'custom' | 'title' | 'artist' | 'album' | 'added' | 'plays';

export const SONG_SORTS: readonly { value: Exclude<SongSort, 'custom'>; label: string }[] = [
  { value: 'title', label: 'Title' },
  { value: 'artist', label: 'Artist' },
  { value: 'album', label: 'Album' },
  { value: 'added', label: 'Date added' },
  { value: 'plays', label: 'Most played' },
];

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The songs in `sort` order; a new array. Names go A to Z (ties keep the
 * list's order), the date added and plays newest and most first.
 */
export function sortSongs(songs: readonly Song[], sort: SongSort): Song[] {
  const out = [...songs];
  const byText = (key: (s: Song) => string) => out.sort((a, b) => collator.compare(key(a), key(b)));
  switch (sort) {
    case 'title':
      return byText((s) => s.song);
    case 'artist':
      return byText(songArtist);
    case 'album':
      // Singles (no album) after the albums.
      return out.sort(
        (a, b) =>
          Number(!a.album) - Number(!b.album) || collator.compare(a.album ?? '', b.album ?? ''),
      );
    case 'added':
      return out.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    case 'plays':
      return out.sort((a, b) => b.count - a.count);
    case 'custom':
      return out;
  }
}

/** The songs whose title, artist or album holds `text`, ignoring case and accents. */
export function filterSongs(songs: readonly Song[], text: string): Song[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...songs];
  return songs.filter((s) => {
    const hay = fold([s.song, s.artist, songArtist(s), s.album ?? ''].join(' '));
    return words.every((w) => hay.includes(w));
  });
}

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

interface ListView {
  sort: SongSort;
  filter: string;
}

const SORTS = new Set<string>(['custom', ...SONG_SORTS.map((s) => s.value)]);

function isListView(v: unknown): v is ListView {
  if (!v || typeof v !== 'object') return false;
  const { sort, filter } = v as Record<string, unknown>;
  return typeof sort === 'string' && SORTS.has(sort) && typeof filter === 'string';
}

const storageKey = (list: string) => `musicify.list.${list}`;

/**
 * The sort and filter of one list (`list` names it: 'songs', 'likes',
 * 'playlist:<id>'), remembered in this browser so the list looks the same
 * next time.
 */
export function useListView(list: string) {
  const [view, setView] = useState<ListView>(
    () => readLocal(storageKey(list), isListView) ?? { sort: 'custom', filter: '' },
  );
  const update = (patch: Partial<ListView>) => {
    setView((v) => {
      const next = { ...v, ...patch };
      writeLocal(storageKey(list), next);
      return next;
    });
  };
  return {
    ...view,
    setSort: (sort: SongSort) => update({ sort }),
    setFilter: (filter: string) => update({ filter }),
    /** The songs as this view shows them. */
    apply: (songs: readonly Song[]) => sortSongs(filterSongs(songs, view.filter), view.sort),
    /** Whether the list shows its own order, all of it (so it may be reordered). */
    natural: view.sort === 'custom' && view.filter.trim() === '',
  };
}
