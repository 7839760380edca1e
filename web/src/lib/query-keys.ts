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
  /** Every list or page that shows songs (and so their play counts). */
  songs: {
    all: ['songs'] as const,
    list: () => [...queryKeys.songs.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.songs.all, 'detail', id] as const,
  },
  artists: {
    all: ['artists'] as const,
    list: () => [...queryKeys.artists.all, 'list'] as const,
    detail: (name: string) => [...queryKeys.artists.all, 'detail', name] as const,
  },
  /** Recommendations learn from listens; a counted listen refreshes them. */
  recommend: {
    all: ['recommend'] as const,
  },
};
