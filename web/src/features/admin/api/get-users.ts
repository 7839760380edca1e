import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminUser } from './types';

/** GET /api/admin/users: every person's account with what they uploaded. */
export async function getUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return (await api<{ users: AdminUser[] }>('/api/admin/users', { signal })).users;
}

export const adminUsersQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.users(),
    queryFn: ({ signal }) => getUsers(signal),
  });

export function useAdminUsers() {
  return useQuery(adminUsersQuery());
}
