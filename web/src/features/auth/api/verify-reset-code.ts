import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageResponse } from './types';

/** POST /api/auth/verifyotp: checks a reset code without using it up. */
export function verifyResetCode(input: { email: string; otp: string }): Promise<MessageResponse> {
  return api<MessageResponse>('/api/auth/verifyotp', { method: 'POST', body: input });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
