import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MessageResponse } from './types';

/** GET /api/verified: 200 with 'success' for a signed-in caller, 401 otherwise. */
export function getVerified(signal?: AbortSignal): Promise<MessageResponse> {
  return api<MessageResponse>('/api/verified', { signal });
}

export const verifiedQuery = () =>
  queryOptions({
    queryKey: queryKeys.session.verified(),
    queryFn: ({ signal }) => getVerified(signal),
    retry: false,
    staleTime: 0,
  });

export function useVerified() {
  return useQuery(verifiedQuery());
}
