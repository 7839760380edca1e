import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useSessionCheck } from '@/features/auth/api/get-session';
import { safeNext } from '@/lib/next-path';

/**
 * On / and /login: a visitor who is already signed in goes straight to /home,
 * or to the local page `next` names (a shared link).
 */
export function RedirectIfSignedIn() {
  const session = useSessionCheck();
  const [params] = useSearchParams();
  if (session.data?.user) {
    return <Navigate to={safeNext(params.get('next'))} replace />;
  }
  return <Outlet />;
}
