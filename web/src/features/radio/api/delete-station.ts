import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { radioKeys } from './keys';
import type { Station } from './types';

/** DELETE /api/radio/{id}: the creator's own station and its audio. */
export function deleteStation(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/radio/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStation,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Station[]>(radioKeys.list(), (list) =>
        list?.filter((s) => s._id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: radioKeys.all });
    },
  });
}
