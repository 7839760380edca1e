import type { Song } from '@/lib/song';

/** A song as the API returns it, with overrides. */
export function makeSong(id: string, overrides: Partial<Song> = {}): Song {
  return {
    _id: id,
    song: `Song ${id}`,
    artist: 'neon-harbor',
    audio: `/media/songs/${id}/original.mp3`,
    download: `/media/songs/${id}/download`,
    cover: '/default-cover.svg',
    coverSmall: '/default-cover.svg',
    count: 0,
    duration: 180,
    format: 'mp3',
    text: '',
    transcript: 'none',
    loudness: null,
    createdAt: '2026-11-21T12:00:00Z',
    mine: false,
    ...overrides,
  };
}

export const songsAbcd = (): Song[] => ['a', 'b', 'c', 'd'].map((id) => makeSong(id));
