import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicUser } from '@/lib/follows';
import { queryKeys } from '@/lib/query-keys';

export type { PublicUser };

/** GET /api/auth/all: everyone but the caller, without emails, with `following`. */
export function getAllUsers(signal?: AbortSignal): Promise<{ users: PublicUser[] }> {
  return api<{ users: PublicUser[] }>('/api/auth/all', { signal });
}

export const allUsersQuery = () =>
  queryOptions({
    queryKey: queryKeys.users.list(),
    queryFn: ({ signal }) => getAllUsers(signal),
    select: (data) => data.users,
  });

export function useAllUsers() {
  return useQuery(allUsersQuery());
}
