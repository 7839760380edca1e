/** Every query key of the app, in one place, so invalidation is easy to get right. */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    /** GET /api/auth/session: the user or null, asked by pages open to visitors. */
    current: () => [...queryKeys.session.all, 'current'] as const,
    profile: () => [...queryKeys.session.all, 'profile'] as const,
  },
  users: {
    all: ['users'] as const,
    list: () => [...queryKeys.users.all, 'list'] as const,
    profile: (username: string) => [...queryKeys.users.all, 'profile', username] as const,
  },
  /**
   * Every list or page that shows songs (and so their play counts): a counted
   * listen or a deleted song refreshes them all, playlists and likes included.
   */
  songs: {
    all: ['songs'] as const,
    list: () => [...queryKeys.songs.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.songs.all, 'detail', id] as const,
    /** The caller's liked songs (GET /api/like/all): the source of every heart. */
    liked: () => [...queryKeys.songs.all, 'liked'] as const,
    /** Playlists with their songs, by id or own name. */
    playlists: () => [...queryKeys.songs.all, 'playlist'] as const,
    playlist: (ref: string) => [...queryKeys.songs.playlists(), ref] as const,
    /** An album with its songs (GET /api/albums/{id}). */
    album: (id: string) => [...queryKeys.songs.all, 'album', id] as const,
    /** What a share link points at, for a signed-in caller. */
    shared: (type: string, id: string) => [...queryKeys.songs.all, 'shared', type, id] as const,
    /** The results of the search view (GET /api/search), by the words searched. */
    search: (q: string) => [...queryKeys.songs.all, 'search', q] as const,
    /** The caller's recently played songs (GET /api/me/recent): a counted listen refreshes them. */
    recent: () => [...queryKeys.songs.all, 'recent'] as const,
    /** The mixes made for the caller (GET /api/mixes) and one with its songs. */
    mixes: () => [...queryKeys.songs.all, 'mixes'] as const,
    mix: (id: string) => [...queryKeys.songs.mixes(), id] as const,
  },
  /**
   * A song's lyrics (GET /api/songs/{id}/lyrics), apart from songs.all: a
   * counted listen changes counts, never words.
   */
  lyrics: {
    all: ['lyrics'] as const,
    song: (id: string) => [...queryKeys.lyrics.all, id] as const,
  },
  /** Jams (GET /api/jams/{id}), apart from songs.all: a Jam changes live, read again on each change. */
  jams: {
    all: ['jams'] as const,
    current: () => [...queryKeys.jams.all, 'current'] as const,
    detail: (id: string) => [...queryKeys.jams.all, 'detail', id] as const,
  },
  /** The caller's devices (GET /api/devices): read again on every change the live connection tells of. */
  devices: {
    all: ['devices'] as const,
  },
  /** Playlists without their songs: the caller's own list and searches in it. */
  playlists: {
    all: ['playlists'] as const,
    list: () => [...queryKeys.playlists.all, 'list'] as const,
    search: (name: string) => [...queryKeys.playlists.all, 'search', name] as const,
  },
  artists: {
    all: ['artists'] as const,
    list: () => [...queryKeys.artists.all, 'list'] as const,
    detail: (name: string) => [...queryKeys.artists.all, 'detail', name] as const,
    /** The name the caller's uploads go under (GET /api/artist/name). */
    ownName: () => [...queryKeys.artists.all, 'own-name'] as const,
  },
  /** Pages of albums (GET /api/albums), by sort and filters, and the genres. */
  albums: {
    all: ['albums'] as const,
    list: (params: Record<string, string | number>) =>
      [...queryKeys.albums.all, 'list', params] as const,
    genres: () => [...queryKeys.albums.all, 'genres'] as const,
  },
  /** Who follows whom; a follow or an unfollow refreshes all of it. */
  follows: {
    all: ['follows'] as const,
    followers: () => [...queryKeys.follows.all, 'followers'] as const,
    followings: () => [...queryKeys.follows.all, 'followings'] as const,
    /** Someone's followers or followings, whose length the profile shows. */
    countOf: (kind: 'followers' | 'followings', username: string) =>
      [...queryKeys.follows.all, 'count', kind, username] as const,
  },
  /** What the people the caller follows did lately. */
  feed: {
    all: ['feed'] as const,
  },
  /** Who may sign up (GET /api/auth/signup-mode), for the register page. */
  signupMode: () => ['signup-mode'] as const,
  /** Whether Google sign-in is set up, and how, for an admin (GET /api/auth/google/setup). */
  googleSetup: () => ['google-setup'] as const,
  /** The admin page: accounts, library scan, sign-up mode and invitations. */
  admin: {
    all: ['admin'] as const,
    users: () => [...queryKeys.admin.all, 'users'] as const,
    library: () => [...queryKeys.admin.all, 'library'] as const,
    signup: () => [...queryKeys.admin.all, 'signup'] as const,
    invites: () => [...queryKeys.admin.all, 'invites'] as const,
    jobs: () => [...queryKeys.admin.all, 'jobs'] as const,
  },
  /** A shared item as a visitor without a session sees it. */
  publicShare: (type: string, id: string) => ['public-share', type, id] as const,
  /** Recommendations learn from listens; a counted listen refreshes them. */
  recommend: {
    all: ['recommend'] as const,
    top: () => [...queryKeys.recommend.all, 'top'] as const,
    /** Songs for the caller (Home). */
    songs: () => [...queryKeys.recommend.all, 'songs'] as const,
    /** Artists for the caller (Home). */
    artists: () => [...queryKeys.recommend.all, 'artists'] as const,
    /** 'More like this' for one song. */
    similar: (songId: string) => [...queryKeys.recommend.all, 'similar', songId] as const,
    /** A song radio's queue from one song. */
    radio: (songId: string) => [...queryKeys.recommend.all, 'radio', songId] as const,
  },
};
