import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ShareType } from '@/lib/share-links';

/** What a visitor without a session may see of a shared item. */
export interface PublicShare {
  type: ShareType;
  _id: string;
  name: string;
  /** The artist of a song, or the owner of a playlist (a username). */
  by: string;
  cover: string;
  /** How many songs (1 for a song). */
  songs: number;
}

/** GET /api/share/{type}/{id}: public, no session needed; 404 when unknown. */
export function getPublicShare(
  type: ShareType,
  id: string,
  signal?: AbortSignal,
): Promise<PublicShare> {
  return api<PublicShare>(`/api/share/${type}/${encodeURIComponent(id)}`, { signal });
}

export const publicShareQuery = (type: ShareType, id: string) =>
  queryOptions({
    queryKey: queryKeys.publicShare(type, id),
    queryFn: ({ signal }) => getPublicShare(type, id, signal),
  });

export function usePublicShare(type: ShareType, id: string) {
  return useQuery(publicShareQuery(type, id));
}
