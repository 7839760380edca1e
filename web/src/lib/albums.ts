import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import type { Artist, Song } from './song';

/** An album as the API shows it (docs/api.md, 'Albums and genres'). */
export interface Album {
  _id: string;
  name: string;
  /** The album artist's name; compilations say 'Various Artists'. */
  artist: string;
  artistId: string;
  /** 0 when the tags do not say. */
  year: number;
  genre: string;
  compilation: boolean;
  cover: string;
  coverSmall: string;
  /** How many songs it has, and their length in seconds. */
  songs: number;
  duration: number;
  plays: number;
  /** The uploader behind the album artist, and their username; '' for the library's artists. */
  userId?: string;
  username?: string;
}

export interface Genre {
  name: string;
  songs: number;
  albums: number;
}

export type AlbumSort = 'recent' | 'name' | 'artist' | 'year' | 'plays' | 'random';

export interface AlbumListParams {
  sort?: AlbumSort;
  genre?: string;
  /** A year ending in 0, such as 1990. */
  decade?: number;
  limit?: number;
}

/** How many albums a page of the Albums view asks for. */
export const ALBUM_PAGE = 48;

/** The query string of GET /api/albums, without empty filters. */
export function albumsSearch(params: AlbumListParams, offset = 0): string {
  const q = new URLSearchParams();
  if (params.sort) q.set('sort', params.sort);
  if (params.genre) q.set('genre', params.genre);
  if (params.decade) q.set('decade', String(params.decade));
  if (offset > 0) q.set('offset', String(offset));
  if (params.limit) q.set('limit', String(params.limit));
  return q.toString();
}

/** GET /api/albums: one page of albums. */
export async function getAlbums(
  params: AlbumListParams,
  offset = 0,
  signal?: AbortSignal,
): Promise<Album[]> {
  const res = await api<{ albums: Album[] }>(`/api/albums?${albumsSearch(params, offset)}`, {
    signal,
  });
  return res.albums;
}

/** The key of a list: its filters as they go to the server. */
function listKey(params: AlbumListParams) {
  return queryKeys.albums.list({ ...params });
}

/** A fixed list of albums, e.g. the 12 latest for Home. */
export const albumsQuery = (params: AlbumListParams) =>
  queryOptions({
    queryKey: listKey(params),
    queryFn: ({ signal }) => getAlbums(params, 0, signal),
  });

/** Albums page after page, for 'Load more' and scrolling. */
export const albumPagesQuery = (params: AlbumListParams) => {
  const limit = params.limit ?? ALBUM_PAGE;
  return infiniteQueryOptions({
    queryKey: [...listKey({ ...params, limit }), 'pages'] as const,
    queryFn: ({ pageParam, signal }) => getAlbums({ ...params, limit }, pageParam, signal),
    initialPageParam: 0,
    // A short page is the last one.
    getNextPageParam: (last, pages) =>
      last.length < limit ? undefined : pages.reduce((n, p) => n + p.length, 0),
  });
};

/** Albums page after page (GET /api/albums with offset and limit). */
export function useAlbumPages(params: AlbumListParams) {
  return useInfiniteQuery(albumPagesQuery(params));
}

export interface AlbumDetail {
  album: Album;
  /** In disc and track order. */
  songs: Song[];
}

/** GET /api/albums/{id}: the album and its songs; 404 when unknown. */
export function getAlbum(id: string, signal?: AbortSignal): Promise<AlbumDetail> {
  return api<AlbumDetail>(`/api/albums/${encodeURIComponent(id)}`, { signal });
}

export const albumQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.songs.album(id),
    queryFn: ({ signal }) => getAlbum(id, signal),
  });

/** One album with its songs in disc and track order. */
export function useAlbum(id: string) {
  return useQuery(albumQuery(id));
}

/** GET /api/genres: every genre with how many songs and albums it holds. */
export async function getGenres(signal?: AbortSignal): Promise<Genre[]> {
  const res = await api<{ genres: Genre[] }>('/api/genres', { signal });
  return res.genres;
}

export const genresQuery = () =>
  queryOptions({
    queryKey: queryKeys.albums.genres(),
    queryFn: ({ signal }) => getGenres(signal),
  });

export function useGenres() {
  return useQuery(genresQuery());
}

/** What GET /api/artists/{name} answers. */
export interface ArtistDetail {
  artist: Artist;
  /** Every song, newest first. */
  songs: Song[];
  /** The 5 most played. */
  top: Song[];
  /** Their albums, the newest year first. */
  albums: Album[];
}
