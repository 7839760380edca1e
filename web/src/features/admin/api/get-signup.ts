import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SignupSettings } from './types';

/** GET /api/admin/signup: the sign-up mode and MUSICIFY_SIGNUP's default. */
export function getSignup(signal?: AbortSignal): Promise<SignupSettings> {
  return api<SignupSettings>('/api/admin/signup', { signal });
}

export const adminSignupQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.signup(), queryFn: ({ signal }) => getSignup(signal) });

export function useAdminSignup() {
  return useQuery(adminSignupQuery());
}
