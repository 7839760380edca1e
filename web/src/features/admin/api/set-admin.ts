import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminUser } from './types';

/** PUT /api/admin/users/:id/admin: makes or unmakes an admin. */
export function setAdmin(input: { id: string; admin: boolean }) {
  return api<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(input.id)}/admin`, {
    method: 'PUT',
    body: { admin: input.admin },
  });
}

export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.users() }),
  });
}
