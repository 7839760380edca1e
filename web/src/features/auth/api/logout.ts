import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageResponse } from './types';

/** POST /api/auth/logout: ends the session and clears the cookie. */
export function logout(): Promise<MessageResponse> {
  return api<MessageResponse>('/api/auth/logout', { method: 'POST' });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
