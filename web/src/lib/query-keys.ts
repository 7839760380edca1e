/** Every query key of the app, in one place, so invalidation is easy to get right. */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    verified: () => [...queryKeys.session.all, 'verified'] as const,
    profile: () => [...queryKeys.session.all, 'profile'] as const,
  },
  users: {
    all: ['users'] as const,
    list: () => [...queryKeys.users.all, 'list'] as const,
    profile: (username: string) => [...queryKeys.users.all, 'profile', username] as const,
  },
};
