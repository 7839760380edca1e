import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageResponse } from './types';

export interface LoginInput {
  /** A username or an email address. */
  username: string;
  password: string;
}

/** POST /api/auth/login: starts a session. */
export function login(input: LoginInput): Promise<MessageResponse> {
  return api<MessageResponse>('/api/auth/login', { method: 'POST', body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.clear(),
  });
}
