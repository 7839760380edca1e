import type { AlbumListParams, AlbumSort } from '@/lib/albums';

/** The sorts the Albums view offers, in the order it offers them. */
export const ALBUM_SORTS: { value: AlbumSort; label: string }[] = [
  { value: 'recent', label: 'Recently added' },
  { value: 'name', label: 'A–Z' },
  { value: 'artist', label: 'Artist' },
  { value: 'year', label: 'Year' },
  { value: 'plays', label: 'Most played' },
];

export interface AlbumFilters {
  sort: AlbumSort;
  /** '' for every genre. */
  genre: string;
  /** A year ending in 0, or null for every decade. */
  decade: number | null;
}

export const DEFAULT_FILTERS: AlbumFilters = { sort: 'recent', genre: '', decade: null };

/**
 * The Albums view's sort and filters as the address bar has them
 * (?sort=year&genre=Jazz&decade=1990), so a view can be shared and Back
 * works. What makes no sense falls back to the default.
 */
export function readFilters(params: URLSearchParams): AlbumFilters {
  const sort = params.get('sort');
  const decade = params.get('decade') ?? '';
  return {
    sort: ALBUM_SORTS.some((s) => s.value === sort) ? (sort as AlbumSort) : 'recent',
    genre: (params.get('genre') ?? '').trim(),
    decade: /^[12]\d{2}0$/.test(decade) ? Number(decade) : null,
  };
}

/** The address bar's query for the filters, leaving defaults out. */
export function writeFilters(filters: AlbumFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sort !== 'recent') params.set('sort', filters.sort);
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.decade !== null) params.set('decade', String(filters.decade));
  return params;
}

/** What the filters ask the server for. */
export function listParams(filters: AlbumFilters): AlbumListParams {
  return {
    sort: filters.sort,
    genre: filters.genre || undefined,
    decade: filters.decade ?? undefined,
  };
}

/** The decades albums were released in, newest first; unknown years (0) are left out. */
export function decadesOf(years: number[]): number[] {
  const decades = new Set(years.filter((y) => y > 0).map((y) => Math.floor(y / 10) * 10));
  return [...decades].sort((a, b) => b - a);
}

/** '1990s' for 1990. */
export function decadeLabel(decade: number): string {
  return `${decade}s`;
}
