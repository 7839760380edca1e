import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ShareType } from '@/lib/share-links';

/** One song of a shared item, as a visitor sees it. */
export interface PublicTrack {
  _id: string;
  name: string;
  artist: string;
  /** Seconds; 0 when unknown. */
  duration: number;
  coverSmall: string;
  /** Where its preview plays, without an account; '' when previews are off. */
  preview: string;
}

/** What a visitor without a session may see of a shared item. */
export interface PublicShare {
  type: ShareType;
  _id: string;
  name: string;
  /** The artist of a song, or the owner of a playlist (a username). */
  by: string;
  cover: string;
  /** The small covers of a playlist without a cover of its own. */
  mosaic: string[];
  /** How many songs (1 for a song). */
  songs: number;
  /** Whether visitors may hear the first `previewSeconds` of each track. */
  previews: boolean;
  previewSeconds: number;
  tracks: PublicTrack[];
  /** The caller owns it, and may turn previews on or off. */
  mine: boolean;
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

export function usePublicShare(type: ShareType, id: string, enabled = true) {
  return useQuery({ ...publicShareQuery(type, id), enabled });
}

/** PUT /api/share/{type}/{id}/previews: the owner lets visitors hear previews, or not. */
export function setSharePreviews(type: ShareType, id: string, previews: boolean) {
  return api<{ previews: boolean }>(`/api/share/${type}/${encodeURIComponent(id)}/previews`, {
    method: 'PUT',
    body: { previews },
  });
}

export function useSetSharePreviews(type: ShareType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (previews: boolean) => setSharePreviews(type, id, previews),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.publicShare(type, id) }),
  });
}
