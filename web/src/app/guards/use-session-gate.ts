import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui';
import { useLogout } from '@/features/auth/api/logout';
import { useProfile } from '@/features/auth/api/get-profile';
import { errorMessage } from '@/lib/api-client';
import { afterSignOut, beforeSignOut, startOfflineSession } from '@/lib/offline/session';
import type { Session } from '@/lib/session';

export type SessionGate =
  { status: 'pending' } | { status: 'signed-out' } | { status: 'signed-in'; session: Session };

/**
 * Loads the profile: 200 means a session (with sign-out wired to the
 * server), any other answer means a visitor.
 */
export function useSessionGate(): SessionGate {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate, isPending } = useLogout();
  const user = profile.data;
  const userId = user?._id;

  // Downloads, the offline queue and the snapshot of pages seen, for this user.
  useEffect(
    () => (userId ? startOfflineSession(queryClient, userId) : undefined),
    [queryClient, userId],
  );

  const signOut = useCallback(() => {
    // Writes queued offline go out while the session still holds.
    void beforeSignOut(queryClient).then(() =>
      mutate(undefined, {
        onSuccess: async () => {
          // Forget everything kept for this user, downloads included, before
          // / checks the session again.
          if (userId) await afterSignOut(userId);
          queryClient.clear();
          navigate('/', { replace: true });
        },
        onError: (err) => toast.error(errorMessage(err)),
      }),
    );
  }, [mutate, queryClient, navigate, toast, userId]);

  const session = useMemo<Session | null>(
    () => (user ? { user, signOut, signingOut: isPending } : null),
    [user, signOut, isPending],
  );

  if (profile.isError) return { status: 'signed-out' };
  if (!session) return { status: 'pending' };
  return { status: 'signed-in', session };
}
