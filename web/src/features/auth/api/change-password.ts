import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface ChangePasswordInput {
  email: string;
  otp: string;
  password: string;
}

/**
 * PUT /api/auth/changepass: sets a new password with a valid reset code. As
 * in the original app, an answer without a message is the success.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  const res = await api<{ changed?: boolean; message?: string }>('/api/auth/changepass', {
    method: 'PUT',
    body: input,
  });
  if (res.message) throw new ApiError(200, res.message);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
