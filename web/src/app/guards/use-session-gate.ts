import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui';
import { useLogout } from '@/features/auth/api/logout';
import { useProfile } from '@/features/auth/api/get-profile';
import { ApiError, errorMessage } from '@/lib/api-client';
import { afterSignOut, beforeSignOut, startOfflineSession } from '@/lib/offline/session';
import type { Session } from '@/lib/session';

export type SessionGate =
  { status: 'pending' } | { status: 'signed-out' } | { status: 'signed-in'; session: Session };

/** Whether an error is the server's own answer (401…), not a failed connection. */
function isAnswer(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status > 0;
}

/**
 * Loads the profile: 200 means a session (with sign-out wired to the
 * server), any other answer means a visitor. Only the server ends a session:
 * without a network the profile kept from the last visit stands, so the app
 * opened offline is the app, not the sign-up page.
 */
export function useSessionGate(): SessionGate {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate, isPending } = useLogout();
  // Logging out: the session ends on purpose, and the page holds until the
  // downloads are gone and / opens; it never becomes a log-in for this page.
  const [leaving, setLeaving] = useState(false);
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
          setLeaving(true);
          // Forget everything kept for this user, downloads included, before
          // / checks the session again.
          try {
            if (userId) await afterSignOut(userId);
          } finally {
            queryClient.clear();
            navigate('/', { replace: true });
          }
        },
        onError: (err) => toast.error(errorMessage(err)),
      }),
    );
  }, [mutate, queryClient, navigate, toast, userId]);

  const session = useMemo<Session | null>(
    () => (user ? { user, signOut, signingOut: isPending } : null),
    [user, signOut, isPending],
  );

  if (leaving) return { status: 'pending' };
  if (profile.isError && (isAnswer(profile.error) || !session)) return { status: 'signed-out' };
  if (!session) return { status: 'pending' };
  return { status: 'signed-in', session };
}
