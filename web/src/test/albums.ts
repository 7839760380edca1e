import type { Album } from '@/lib/albums';

/** An album as the API returns it, with overrides. */
export function makeAlbum(id: string, overrides: Partial<Album> = {}): Album {
  return {
    _id: id,
    name: `Album ${id}`,
    artist: 'Tide Pool',
    artistId: 'ar1',
    year: 1994,
    genre: 'Dream Pop',
    compilation: false,
    cover: '/default-cover.svg',
    coverSmall: '/default-cover.svg',
    songs: 2,
    duration: 420,
    plays: 3,
    userId: '',
    ...overrides,
  };
}
