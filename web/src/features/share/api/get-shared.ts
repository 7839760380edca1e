import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { PlaylistWithSongs } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import type { ShareType } from '@/lib/share-links';
import type { Song } from '@/lib/song';

export type SharedItem =
  { type: 'song'; song: Song } | { type: 'playlist'; playlist: PlaylistWithSongs };

/**
 * POST /api/recommend/share: for a signed-in caller, an array whose first
 * item is the song, or the playlist with its songs.
 */
export async function getShared(
  type: ShareType,
  id: string,
  signal?: AbortSignal,
): Promise<SharedItem> {
  const list = await api<unknown[]>('/api/recommend/share', {
    method: 'POST',
    body: { value: type, id },
    signal,
  });
  const first = list[0];
  if (!first) throw new ApiError(404, 'This shared item does not exist.');
  if (type === 'song') return { type, song: first as Song };
  const playlist = first as PlaylistWithSongs;
  // The server leaves `songs` out of an empty playlist.
  return { type, playlist: { ...playlist, songs: playlist.songs ?? [] } };
}

export const sharedQuery = (type: ShareType, id: string) =>
  queryOptions({
    queryKey: queryKeys.songs.shared(type, id),
    queryFn: ({ signal }) => getShared(type, id, signal),
  });

export function useShared(type: ShareType, id: string) {
  return useQuery(sharedQuery(type, id));
}
