import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Invite } from './types';

/** POST /api/admin/invites: a single-use sign-up link, shown in this answer only. */
export function createInvite(input: { days: number }) {
  return api<{ invite: Invite; link: string }>('/api/admin/invites', {
    method: 'POST',
    body: input,
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.invites() }),
  });
}
