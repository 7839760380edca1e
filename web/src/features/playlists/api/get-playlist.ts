import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { PlaylistWithSongs } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/playlist/{ref}: the original client's shape, an array whose one
 * item is the playlist with its songs in order. `ref` is an id, or the name
 * of one of the caller's own playlists.
 */
export async function getPlaylist(ref: string, signal?: AbortSignal): Promise<PlaylistWithSongs> {
  const list = await api<PlaylistWithSongs[]>(`/api/playlist/${encodeURIComponent(ref)}`, {
    signal,
  });
  const playlist = list[0];
  if (!playlist) throw new ApiError(404, 'This playlist does not exist.');
  // The server leaves `songs` out of an empty playlist.
  return { ...playlist, songs: playlist.songs ?? [] };
}

export const playlistQuery = (ref: string) =>
  queryOptions({
    queryKey: queryKeys.songs.playlist(ref),
    queryFn: ({ signal }) => getPlaylist(ref, signal),
  });

export function usePlaylist(ref: string) {
  return useQuery(playlistQuery(ref));
}
