import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Mix } from '@/lib/mix';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/mixes: the mixes made for the caller, empty ones included. */
export const mixesQuery = () =>
  queryOptions({
    queryKey: queryKeys.songs.mixes(),
    queryFn: async ({ signal }) => (await api<{ mixes: Mix[] }>('/api/mixes', { signal })).mixes,
  });
