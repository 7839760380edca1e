import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useVerified } from '@/features/auth/api/get-verified';
import { SUCCESS } from '@/features/auth/api/types';
import { safeNext } from '@/lib/next-path';

/**
 * On / and /login: a visitor who is already signed in goes straight to /home,
 * or to the local page `next` names (a shared link).
 */
export function RedirectIfSignedIn() {
  const verified = useVerified();
  const [params] = useSearchParams();
  if (verified.data?.message === SUCCESS) {
    return <Navigate to={safeNext(params.get('next'))} replace />;
  }
  return <Outlet />;
}
