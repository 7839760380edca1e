import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A copy of the server's limit (catalog.maxArtistName). */
export const ARTIST_NAME_MAX = 100;

export const artistNameQuery = () =>
  queryOptions({
    queryKey: queryKeys.artists.ownName(),
    queryFn: async ({ signal }) =>
      (await api<{ name: string }>('/api/artist/name', { signal })).name,
  });

export function useArtistName() {
  return useQuery(artistNameQuery());
}

export async function setArtistName(name: string): Promise<string> {
  const out = await api<{ name: string }>('/api/artist/name', {
    method: 'PUT',
    body: { name: name.trim() },
  });
  return out.name;
}

/**
 * Renames the caller's artist. The name shows on every song card, album and
 * recommendation already loaded, so everything is fetched again.
 */
export function useSetArtistName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setArtistName,
    onSuccess: (name) => {
      queryClient.setQueryData(queryKeys.artists.ownName(), name);
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[1] !== 'own-name',
      });
    },
  });
}
