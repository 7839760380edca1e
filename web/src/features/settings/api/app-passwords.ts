import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Copies of the server's limits (musicify.AppPasswordNameMax, AppPasswordsMax). */
export const APP_PASSWORD_NAME_MAX = 64;
export const APP_PASSWORDS_MAX = 20;

/** An app password as GET /api/app-passwords lists it: never the password itself. */
export interface AppPassword {
  id: string;
  name: string;
  createdAt: string;
  /** null until a Subsonic app first signs in with it. */
  lastUsedAt: string | null;
}

/** What POST /api/app-passwords answers: the password, shown this once. */
export interface NewAppPassword extends AppPassword {
  password: string;
}

/**
 * The settings feature's query keys. They belong with the rest in
 * src/lib/query-keys.ts; they live here until that file takes them.
 */
export const appPasswordKeys = {
  all: ['app-passwords'] as const,
  list: () => [...appPasswordKeys.all, 'list'] as const,
};

export async function getAppPasswords(signal?: AbortSignal): Promise<AppPassword[]> {
  const { appPasswords } = await api<{ appPasswords: AppPassword[] }>('/api/app-passwords', {
    signal,
  });
  return appPasswords;
}

export const appPasswordsQuery = () =>
  queryOptions({
    queryKey: appPasswordKeys.list(),
    queryFn: ({ signal }) => getAppPasswords(signal),
    // "Last used" moves while an app plays; coming back to the tab shows it.
    refetchOnWindowFocus: true,
  });

export function useAppPasswords() {
  return useQuery(appPasswordsQuery());
}

export function createAppPassword(name: string): Promise<NewAppPassword> {
  return api<NewAppPassword>('/api/app-passwords', { method: 'POST', body: { name: name.trim() } });
}

/** Creates an app password; it joins the top of the list at once, without its password. */
export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppPassword,
    onSuccess: ({ password: _, ...created }) => {
      queryClient.setQueryData<AppPassword[]>(appPasswordKeys.list(), (list) => [
        created,
        ...(list ?? []).filter((p) => p.id !== created.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: appPasswordKeys.all });
    },
  });
}

export function revokeAppPassword(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/app-passwords/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** Revokes an app password: apps signed in with it are refused from their next request. */
export function useRevokeAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAppPassword,
    onSuccess: (_, id) => {
      queryClient.setQueryData<AppPassword[]>(appPasswordKeys.list(), (list) =>
        list?.filter((p) => p.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: appPasswordKeys.all });
    },
  });
}
