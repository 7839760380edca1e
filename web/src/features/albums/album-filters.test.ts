import { describe, expect, it } from 'vitest';
import { albumsSearch } from '@/lib/albums';
import { decadesOf, listParams, readFilters, writeFilters } from './album-filters';

describe('the Albums view in the address bar', () => {
  it('reads the sort, genre and decade', () => {
    expect(readFilters(new URLSearchParams('sort=year&genre=Dream%20Pop&decade=1990'))).toEqual({
      sort: 'year',
      genre: 'Dream Pop',
      decade: 1990,
    });
  });

  it('falls back to the defaults for what makes no sense', () => {
    expect(readFilters(new URLSearchParams('sort=loudest&decade=1995&genre=%20%20'))).toEqual({
      sort: 'recent',
      genre: '',
      decade: null,
    });
    expect(readFilters(new URLSearchParams('decade=abc0')).decade).toBeNull();
    expect(readFilters(new URLSearchParams('')).sort).toBe('recent');
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeFilters({ sort: 'recent', genre: '', decade: null }).toString()).toBe('');
    const filters = { sort: 'plays', genre: 'Hip-Hop & Rap', decade: 2010 } as const;
    const written = writeFilters(filters);
    expect(written.toString()).toBe('sort=plays&genre=Hip-Hop+%26+Rap&decade=2010');
    expect(readFilters(written)).toEqual(filters);
  });

  it('asks the server for the filters, leaving empty ones out', () => {
    expect(albumsSearch(listParams({ sort: 'name', genre: '', decade: null }))).toBe('sort=name');
    expect(
      albumsSearch({ ...listParams({ sort: 'year', genre: 'Jazz', decade: 1960 }), limit: 48 }, 96),
    ).toBe('sort=year&genre=Jazz&decade=1960&offset=96&limit=48');
  });
});

describe('decadesOf', () => {
  it('gives each decade once, the newest first, without unknown years', () => {
    expect(decadesOf([1994, 0, 1999, 2001, 1968, 2010, 1990])).toEqual([2010, 2000, 1990, 1960]);
    expect(decadesOf([0, 0])).toEqual([]);
  });
});
