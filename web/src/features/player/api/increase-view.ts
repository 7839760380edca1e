import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ViewResponse {
  message: string;
  count: number;
}

/** POST /api/view/increase: counts one listen of a song. */
export function increaseView(songId: string): Promise<ViewResponse> {
  return api<ViewResponse>('/api/view/increase', { method: 'POST', body: { song: songId } });
}

/** Counts a listen, then refreshes every list that shows counts, and the recommendations. */
export function useIncreaseView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: increaseView,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.recommend.all });
    },
  });
}
