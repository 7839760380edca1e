import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/auth/google/setup: whether Google sign-in is on (the sign-in pages ask too). */
export function useGoogleSignIn() {
  return useQuery({
    queryKey: queryKeys.googleSetup(),
    queryFn: ({ signal }) => api<{ configured: boolean }>('/api/auth/google/setup', { signal }),
  });
}
