import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClockSync } from '@/lib/clock-sync';
import { holdJamLive, jamClock } from './jam-connection';

/**
 * Follows a Jam over the live connection while mounted: the server's clock,
 * and the Jam read again on every change. Everyone on the page following
 * the same Jam shares one connection and one clock.
 */
export function useJamLive(id: string): ClockSync {
  const queryClient = useQueryClient();
  useEffect(() => holdJamLive(id, queryClient), [id, queryClient]);
  return jamClock(id);
}
