import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CodeSentResponse } from './types';

export interface RegistrationInput {
  username: string;
  password: string;
  email: string;
  /** The token of an invitation link, needed when sign-up is by invitation. */
  invite?: string;
}

/** POST /api/auth/cheak: validates a registration and mails its sign-up code. */
export function checkRegistration(input: RegistrationInput): Promise<CodeSentResponse> {
  return api<CodeSentResponse>('/api/auth/cheak', { method: 'POST', body: input });
}

export function useCheckRegistration() {
  return useMutation({ mutationFn: checkRegistration });
}
