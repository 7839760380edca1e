import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SignupMode, SignupSettings } from './types';

/** PUT /api/admin/signup: picks who may sign up. */
export function setSignup(mode: SignupMode) {
  return api<SignupSettings>('/api/admin/signup', { method: 'PUT', body: { mode } });
}

export function useSetSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSignup,
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.admin.signup(), res);
      void queryClient.invalidateQueries({ queryKey: queryKeys.signupMode() });
    },
  });
}
