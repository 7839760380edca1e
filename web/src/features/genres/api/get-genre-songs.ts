import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';

/** How many of a genre's songs the page shows. */
const LIMIT = 200;

/** GET /api/genres/{name}/songs: a genre's songs, by artist and album. */
export function useGenreSongs(genre: string) {
  return useQuery({
    queryKey: [...queryKeys.songs.all, 'genre', genre.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      api<{ songs: Song[] }>(`/api/genres/${encodeURIComponent(genre)}/songs?limit=${LIMIT}`, {
        signal,
      }).then((r) => r.songs),
  });
}
