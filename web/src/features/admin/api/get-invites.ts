import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Invite } from './types';

/** GET /api/admin/invites: the invitations, newest first, without their links. */
export async function getInvites(signal?: AbortSignal): Promise<Invite[]> {
  return (await api<{ invites: Invite[] }>('/api/admin/invites', { signal })).invites;
}

export const invitesQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.invites(),
    queryFn: ({ signal }) => getInvites(signal),
  });

export function useInvites() {
  return useQuery(invitesQuery());
}
