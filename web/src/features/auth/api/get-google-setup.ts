import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Whether Google sign-in is on; variables and callback come only to an admin. */
export interface GoogleSetup {
  configured: boolean;
  variables?: string[];
  callback?: string;
}

/** GET /api/auth/google/setup: open to everyone, says more to an admin. */
export function getGoogleSetup(signal?: AbortSignal): Promise<GoogleSetup> {
  return api<GoogleSetup>('/api/auth/google/setup', { signal });
}

export const googleSetupQuery = () =>
  queryOptions({
    queryKey: queryKeys.googleSetup(),
    queryFn: ({ signal }) => getGoogleSetup(signal),
  });

export function useGoogleSetup() {
  return useQuery(googleSetupQuery());
}
