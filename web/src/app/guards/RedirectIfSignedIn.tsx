import { Navigate, Outlet } from 'react-router';
import { useVerified } from '@/features/auth/api/get-verified';
import { SUCCESS } from '@/features/auth/api/types';

/** On / and /login: a visitor who is already signed in goes straight to /home. */
export function RedirectIfSignedIn() {
  const verified = useVerified();
  if (verified.data?.message === SUCCESS) return <Navigate to="/home" replace />;
  return <Outlet />;
}
