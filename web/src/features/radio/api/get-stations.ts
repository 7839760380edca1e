import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { radioKeys } from './keys';
import type { Station } from './types';

/** GET /api/radio/all: every station, the earliest start first. */
export function getStations(signal?: AbortSignal): Promise<Station[]> {
  return api<Station[]>('/api/radio/all', { signal });
}

export const stationsQuery = () =>
  queryOptions({
    queryKey: radioKeys.list(),
    queryFn: ({ signal }) => getStations(signal),
    // Stations other people create show up without a reload.
    refetchInterval: 60_000,
    // Listener counts change while the page is closed (the live socket sends only changes).
    refetchOnMount: 'always',
  });

export function useStations() {
  return useQuery(stationsQuery());
}
