import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FollowerRecord } from '@/lib/follows';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/playlist/deletefollower: ends a follow record of the caller's, by its id. */
export function deleteFollowRecord(recordId: string): Promise<{ message: string }> {
  return api<{ message: string }>('/api/playlist/deletefollower', {
    method: 'DELETE',
    body: { id: recordId },
  });
}

/** Removes a follower at once on screen; a failure brings them back. The caller shows the error. */
export function useRemoveFollower() {
  const queryClient = useQueryClient();
  const key = queryKeys.follows.followers();
  return useMutation({
    mutationFn: (record: FollowerRecord) => deleteFollowRecord(record._id),
    onMutate: async (record) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<FollowerRecord[]>(key);
      queryClient.setQueryData<FollowerRecord[]>(key, (list) =>
        list?.filter((r) => r._id !== record._id),
      );
      return { before };
    },
    onError: (_err, _record, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.follows.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
