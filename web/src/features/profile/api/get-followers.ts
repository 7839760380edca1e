import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FollowerRecord } from '@/lib/follows';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/auth/followers: who follows the caller, newest first. */
export function getFollowers(signal?: AbortSignal): Promise<FollowerRecord[]> {
  return api<FollowerRecord[]>('/api/auth/followers', { signal });
}

export const followersQuery = () =>
  queryOptions({
    queryKey: queryKeys.follows.followers(),
    queryFn: ({ signal }) => getFollowers(signal),
  });

export function useFollowers() {
  return useQuery(followersQuery());
}
