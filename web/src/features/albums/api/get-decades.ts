import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { decadesOf } from '../album-filters';

/** GET /api/genres also says which decades the albums come from: newest first here. */
export async function getDecades(signal?: AbortSignal): Promise<number[]> {
  const res = await api<{ decades?: number[] }>('/api/genres', { signal });
  return decadesOf(res.decades ?? []);
}

export const decadesQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.albums.all, 'decades'] as const,
    queryFn: ({ signal }) => getDecades(signal),
    staleTime: 5 * 60_000,
  });

export function useDecades() {
  return useQuery(decadesQuery());
}
