import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * DELETE /api/admin/users/:id?songs=keep|delete: deletes an account. Kept
 * songs pass to the library and stay in playlists, likes and history.
 */
export function deleteUser(input: { id: string; songs: 'keep' | 'delete' }) {
  return api<{ message: string }>(
    `/api/admin/users/${encodeURIComponent(input.id)}?songs=${input.songs}`,
    { method: 'DELETE' },
  );
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.users() });
      // Their songs left or changed hands: every song list may show them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.all });
    },
  });
}
