import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/admin/invites/:id: the link stops working. */
export function revokeInvite(id: string) {
  return api<{ message: string }>(`/api/admin/invites/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.invites() }),
  });
}
