import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CurrentUser } from '@/lib/session';

interface MessageAnswer {
  message: string;
}

export interface NewPasswordInput {
  currentPassword: string;
  password: string;
}

/** PUT /api/account/password: the other sessions end, this one stays. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (input: NewPasswordInput) =>
      api<MessageAnswer>('/api/account/password', { method: 'PUT', body: input }),
  });
}

/** POST /api/account/email/code: mails a code to the address to move to. */
export function useRequestEmailCode() {
  return useMutation({
    mutationFn: (email: string) =>
      api<MessageAnswer>('/api/account/email/code', {
        method: 'POST',
        body: { email: email.trim() },
      }),
  });
}

export interface NewEmailInput {
  email: string;
  otp: string;
}

/**
 * PUT /api/account/email: moves the account to the address the code went
 * to. The profile everywhere (menu, Settings) shows the new one at once.
 */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEmailInput) =>
      api<{ email: string; message: string }>('/api/account/email', {
        method: 'PUT',
        body: { email: input.email.trim(), otp: input.otp.trim() },
      }),
    onSuccess: ({ email }) => {
      queryClient.setQueryData<CurrentUser>(queryKeys.session.profile(), (user) =>
        user ? { ...user, email } : user,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.session.all });
    },
  });
}

/** DELETE /api/account: deletes the account, confirmed with the password, and signs out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      api<MessageAnswer>('/api/account', { method: 'DELETE', body: { password } }),
  });
}
