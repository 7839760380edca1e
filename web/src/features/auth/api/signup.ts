import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageResponse } from './types';

export interface SignupInput {
  username: string;
  email: string;
  otp: string;
  /** Optional: the server remembers the password given with the code request. */
  password?: string;
  /** The invitation the code was asked with; checked again and used up. */
  invite?: string;
}

/** POST /api/auth/signup: creates the account when the mailed code matches, and signs in. */
export function signup(input: SignupInput): Promise<MessageResponse> {
  return api<MessageResponse>('/api/auth/signup', { method: 'POST', body: input });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    // A new session: nothing cached for the signed-out visitor still holds.
    onSuccess: () => queryClient.clear(),
  });
}
