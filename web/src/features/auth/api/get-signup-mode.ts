import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SignupMode = 'open' | 'invite' | 'closed';

/** GET /api/auth/signup-mode: who may sign up on this server; open to everyone. */
export function getSignupMode(signal?: AbortSignal): Promise<{ mode: SignupMode }> {
  return api<{ mode: SignupMode }>('/api/auth/signup-mode', { signal });
}

export const signupModeQuery = () =>
  queryOptions({
    queryKey: queryKeys.signupMode(),
    queryFn: ({ signal }) => getSignupMode(signal),
    staleTime: 60_000,
  });

export function useSignupMode() {
  return useQuery(signupModeQuery());
}
