import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CurrentUser } from '@/lib/session';

/** GET /api/auth/profile: the signed-in user; 401 when signed out. */
export function getProfile(signal?: AbortSignal): Promise<CurrentUser> {
  return api<CurrentUser>('/api/auth/profile', { signal });
}

export const profileQuery = () =>
  queryOptions({
    queryKey: queryKeys.session.profile(),
    queryFn: ({ signal }) => getProfile(signal),
    retry: false,
  });

export function useProfile() {
  return useQuery(profileQuery());
}
