import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Playlist } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';

export interface UserProfile {
  /** `email` only when the profile is the caller's own. */
  user: { _id: string; username: string; email?: string; picture?: string };
  /** That user's playlists, newest first. */
  playlist: Playlist[];
}

/** POST /api/auth/profile: a user by name with their playlists (no email unless it is the caller); 404 when unknown. */
export function getUserProfile(username: string, signal?: AbortSignal): Promise<UserProfile> {
  return api<UserProfile>('/api/auth/profile', { method: 'POST', body: { username }, signal });
}

export const userProfileQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.users.profile(username),
    queryFn: ({ signal }) => getUserProfile(username, signal),
  });

export function useUserProfile(username: string | null) {
  return useQuery({ ...userProfileQuery(username ?? ''), enabled: username !== null });
}
