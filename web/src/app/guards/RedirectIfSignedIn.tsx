import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '@/features/auth/api/get-profile';
import { useSessionCheck } from '@/features/auth/api/get-session';
import { ApiError } from '@/lib/api-client';
import { safeNext } from '@/lib/next-path';

/**
 * On / and /login: a visitor who is already signed in goes straight to /home,
 * or to the local page `next` names (a shared link). Without a network the
 * server cannot say; the profile kept from the last visit then stands for it.
 */
export function RedirectIfSignedIn() {
  const session = useSessionCheck();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const unreachable =
    session.isPaused || (session.error instanceof ApiError && session.error.status === 0);
  const kept = unreachable ? queryClient.getQueryData(profileQuery().queryKey) : undefined;
  if (session.data?.user || kept) {
    return <Navigate to={safeNext(params.get('next'))} replace />;
  }
  return <Outlet />;
}
