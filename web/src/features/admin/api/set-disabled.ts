import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminUser } from './types';

/** PUT /api/admin/users/:id/disabled: disables an account (ending its sessions) or enables it. */
export function setDisabled(input: { id: string; disabled: boolean }) {
  return api<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(input.id)}/disabled`, {
    method: 'PUT',
    body: { disabled: input.disabled },
  });
}

export function useSetDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDisabled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.users() }),
  });
}
