import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface JobRow {
  kind: string;
  priority: number;
  class: 'interactive' | 'bulk' | 'other';
  pending: number;
  running: number;
  failed: number;
}

export interface JobStats {
  jobs: JobRow[];
  pending: number;
  running: number;
  failed: number;
}

/** How often the page asks while jobs wait or run. */
export const JOBS_POLL_MS = 3000;

/** GET /api/admin/jobs: background work not yet done, by kind and priority. */
export function useJobStats() {
  return useQuery({
    queryKey: queryKeys.admin.jobs(),
    queryFn: ({ signal }) => api<JobStats>('/api/admin/jobs', { signal }),
    refetchInterval: (q) =>
      q.state.data && q.state.data.pending + q.state.data.running > 0 ? JOBS_POLL_MS : false,
  });
}
