import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LibraryStatus } from './types';

/** POST /api/admin/library/scan: starts a scan; full re-reads every file. */
export function startScan(input: { full: boolean }) {
  return api<{ started: boolean; status: LibraryStatus }>('/api/admin/library/scan', {
    method: 'POST',
    body: input,
  });
}

export function useStartScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startScan,
    onSuccess: (res) => queryClient.setQueryData(queryKeys.admin.library(), res.status),
  });
}
