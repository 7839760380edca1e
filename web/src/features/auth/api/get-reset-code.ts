import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CodeSentResponse } from './types';

/** POST /api/auth/getotp: mails a password reset code if an account uses the email. */
export function getResetCode(input: { email: string }): Promise<CodeSentResponse> {
  return api<CodeSentResponse>('/api/auth/getotp', { method: 'POST', body: input });
}

export function useGetResetCode() {
  return useMutation({ mutationFn: getResetCode });
}
