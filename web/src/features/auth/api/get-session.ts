import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CurrentUser } from '@/lib/session';

export interface SessionCheck {
  user: CurrentUser | null;
}

/**
 * GET /api/auth/session: the signed-in user or null, always 200, so the
 * pages a visitor opens (sign-in, registration) log no failed request.
 */
export function getSession(signal?: AbortSignal): Promise<SessionCheck> {
  return api<SessionCheck>('/api/auth/session', { signal });
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session.current(),
    queryFn: ({ signal }) => getSession(signal),
    retry: false,
    staleTime: 0,
  });

export function useSessionCheck() {
  return useQuery(sessionQuery());
}
