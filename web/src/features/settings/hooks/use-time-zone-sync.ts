import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession, type CurrentUser } from '@/lib/session';

/** The IANA zone this browser is in ("Europe/Berlin"), or '' when it will not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * Tells the server the zone this browser is in, when it is not the one on
 * the account: "Made for you" mixes are made anew at the person's
 * midnight, and Discover Weekly on their Monday. Once a page load; a zone
 * the server does not know leaves their days in UTC.
 */
export function useTimeZoneSync(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const zone = browserTimeZone();
  const sent = useRef('');
  useEffect(() => {
    if (zone === '' || user.timeZone === zone || sent.current === zone) return;
    sent.current = zone;
    api('/api/account/timezone', { method: 'PUT', body: { timeZone: zone } })
      .then(() => {
        queryClient.setQueryData<CurrentUser>(queryKeys.session.profile(), (u) =>
          u ? { ...u, timeZone: zone } : u,
        );
        // Mixes made for the old zone's day or week are made again.
        void queryClient.invalidateQueries({ queryKey: queryKeys.songs.mixes() });
      })
      .catch(() => undefined);
  }, [zone, user.timeZone, queryClient]);
}
