import { useCallback, useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoader, useToast } from '@/components/ui';
import { useLogout } from '@/features/auth/api/logout';
import { useProfile } from '@/features/auth/api/get-profile';
import { errorMessage } from '@/lib/api-client';
import { SessionContext, type Session } from '@/lib/session';
import { AppShell } from '../layouts/AppShell';

/**
 * The gate of the signed-in area: it loads the profile, and any answer but
 * 200 sends the visitor to /. Inside, pages read the user through useSession.
 */
export function RequireSession() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const logout = useLogout();
  const { mutate, isPending } = logout;

  const signOut = useCallback(() => {
    mutate(undefined, {
      onSuccess: () => {
        // Forget everything cached for this user before / checks the session again.
        queryClient.clear();
        navigate('/', { replace: true });
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  }, [mutate, queryClient, navigate, toast]);

  const user = profile.data;
  const session = useMemo<Session | null>(
    () => (user ? { user, signOut, signingOut: isPending } : null),
    [user, signOut, isPending],
  );

  if (profile.isError) return <Navigate to="/" replace />;
  if (!session) return <PageLoader full />;

  return (
    <SessionContext.Provider value={session}>
      <AppShell />
    </SessionContext.Provider>
  );
}
