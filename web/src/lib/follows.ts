import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { displayName, plural } from './song';

/** Someone the caller follows, or who follows the caller: `_id` is the follow record's id. */
export interface FollowingRecord {
  _id: string;
  followingusername: string;
  /** The followed user's id. */
  userId: string;
  since: string;
}

export interface FollowerRecord {
  _id: string;
  followerusername: string;
  /** The follower's id. */
  userId: string;
  since: string;
}

/** A user of GET /api/auth/all: everyone but the caller, with whether the caller follows them. */
export interface PublicUser {
  _id: string;
  username: string;
  following: boolean;
  /** The artist name they chose, when they chose one. */
  name?: string;
  /** How many songs they uploaded (0 for a listener). */
  songs?: number;
  /** The small image of the picture they chose, when they chose one. */
  picture?: string;
}

/** How a person is named in lists: their artist name, else their username as people read it. */
export function personName(u: Pick<PublicUser, 'username' | 'name'>): string {
  return u.name ?? displayName(u.username);
}

/** The line under a person's name: artist or listener, and whether the caller follows them. */
export function personNote(u: Pick<PublicUser, 'songs' | 'following'>): string {
  const role = u.songs ? `Artist · ${plural(u.songs, 'song')}` : 'Listener';
  return u.following ? `${role} · You follow them` : role;
}

/** GET /api/auth/followings: whom the caller follows, newest first. */
export function getFollowings(signal?: AbortSignal): Promise<FollowingRecord[]> {
  return api<FollowingRecord[]>('/api/auth/followings', { signal });
}

export const followingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.follows.followings(),
    queryFn: ({ signal }) => getFollowings(signal),
  });

export function useFollowings() {
  return useQuery(followingsQuery());
}

/** POST /api/auth/allfollow: follow a user by id. */
export function follow(userId: string): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/allfollow', { method: 'POST', body: { id: userId } });
}

/** DELETE /api/auth/follow/{userId}: stop following. */
export function unfollow(userId: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/auth/follow/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

export interface FollowVars {
  userId: string;
  username: string;
  /** The state asked for: true follows, false unfollows. */
  follow: boolean;
}

/** The users list with one user's `following` flag set. */
export function withFollowing(
  users: PublicUser[] | undefined,
  userId: string,
  following: boolean,
): PublicUser[] | undefined {
  return users?.map((u) => (u._id === userId ? { ...u, following } : u));
}

/** The followings list after following or unfollowing one user. */
export function withFollowingRecord(
  list: FollowingRecord[] | undefined,
  { userId, username, follow: on }: FollowVars,
): FollowingRecord[] | undefined {
  if (!list) return list;
  const rest = list.filter((r) => r.userId !== userId);
  if (!on) return rest;
  const pending = {
    _id: `pending-${userId}`,
    followingusername: username,
    userId,
    since: new Date().toISOString(),
  };
  return [pending, ...rest];
}

/**
 * Follows or unfollows at once on screen (the users list and your followings),
 * then asks the server; a failure puts both back. The caller shows the error.
 */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  const usersKey = queryKeys.users.list();
  const followingsKey = queryKeys.follows.followings();
  return useMutation({
    // In click order: Follow then a quick Following (unfollow) must not reach
    // the server the other way round.
    scope: { id: 'follows' },
    mutationFn: (vars: FollowVars) => (vars.follow ? follow(vars.userId) : unfollow(vars.userId)),
    onMutate: async (vars) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: usersKey }),
        queryClient.cancelQueries({ queryKey: followingsKey }),
      ]);
      queryClient.setQueryData<{ users: PublicUser[] }>(usersKey, (data) =>
        data ? { users: withFollowing(data.users, vars.userId, vars.follow) ?? [] } : data,
      );
      queryClient.setQueryData<FollowingRecord[]>(followingsKey, (list) =>
        withFollowingRecord(list, vars),
      );
    },
    onError: (_err, vars) => {
      const back = { ...vars, follow: !vars.follow };
      queryClient.setQueryData<{ users: PublicUser[] }>(usersKey, (data) =>
        data ? { users: withFollowing(data.users, vars.userId, !vars.follow) ?? [] } : data,
      );
      queryClient.setQueryData<FollowingRecord[]>(followingsKey, (list) =>
        withFollowingRecord(list, back),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.follows.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed.all });
    },
  });
}

/**
 * POST /api/playlist/followers or /followings with a username: that user's
 * followers or followings; the length is the count a profile shows.
 */
export function getFollowList(
  kind: 'followers' | 'followings',
  username: string,
  signal?: AbortSignal,
): Promise<unknown[]> {
  return api<unknown[]>(`/api/playlist/${kind}`, { method: 'POST', body: { username }, signal });
}

/** How many followers (or followings) a user has; undefined while loading. */
export function useFollowCount(kind: 'followers' | 'followings', username: string) {
  return useQuery({
    queryKey: queryKeys.follows.countOf(kind, username),
    queryFn: ({ signal }) => getFollowList(kind, username, signal),
    select: (list) => list.length,
  });
}
