import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CodeSentResponse } from './types';

/** POST /api/auth/resend: mails a new code for the sign-up waiting on this email. */
export function resendSignupCode(input: { email: string }): Promise<CodeSentResponse> {
  return api<CodeSentResponse>('/api/auth/resend', { method: 'POST', body: input });
}

export function useResendSignupCode() {
  return useMutation({ mutationFn: resendSignupCode });
}
