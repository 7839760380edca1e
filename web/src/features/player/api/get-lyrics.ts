import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One timed line; text '' is an instrumental gap. */
export interface LyricLine {
  start_ms: number;
  text: string;
}

/** A song's words: timed lines when its lyrics came as LRC, and the plain text. */
export interface Lyrics {
  synced: LyricLine[];
  plain: string;
}

/** GET /api/songs/{id}/lyrics: empty fields for a song without lyrics, 404 when unknown. */
export function getLyrics(id: string, signal?: AbortSignal): Promise<Lyrics> {
  return api<Lyrics>(`/api/songs/${encodeURIComponent(id)}/lyrics`, { signal });
}

/** The lyrics of the song playing; they change only with a new upload or scan, so kept a while. */
export function useLyrics(id: string) {
  return useQuery({
    queryKey: queryKeys.lyrics.song(id),
    queryFn: ({ signal }) => getLyrics(id, signal),
    staleTime: 10 * 60_000,
  });
}
