import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/ui';
import { reloadForStaleChunk, reloadOnPreloadError } from '@/lib/chunk-reload';
import { profileQuery } from '@/features/auth/api/get-profile';
import { sessionQuery } from '@/features/auth/api/get-session';
import { recommendedArtistsQuery } from '@/features/home/api/get-recommended-artists';
import { recommendedSongsQuery } from '@/features/home/api/get-recommended-songs';
import { RedirectIfSignedIn } from './guards/RedirectIfSignedIn';
import { RootLayout } from './RootLayout';
import { FullRouteError, RouteError } from './RouteError';

/**
 * Where the app's router is going, as an address: a lazy route loads before
 * the address changes, so a reload for its chunk must name the address. Set
 * by createRouter; undefined until then and in tests.
 */
let navigationTarget: () => string | undefined = () => undefined;

/**
 * Lazily loads a page component by its export name, as React Router's lazy
 * route. A chunk gone since a deploy reloads the page once instead (the
 * promise then never settles, so no error flashes before the reload).
 */
export function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => {
    try {
      const mod: M | undefined = await load();
      // Vite resolves with nothing when its preload error listener took over: a reload is on its way.
      if (mod == null) return new Promise<never>(() => undefined);
      return { Component: mod[name] as ComponentType };
    } catch (err) {
      if (reloadForStaleChunk(err, navigationTarget())) return new Promise<never>(() => undefined);
      // A route whose lazy() rejects renders nothing at all, not even its
      // error screen; one whose page throws shows it.
      return {
        Component: function PageFailedToLoad(): never {
          throw err;
        },
      };
    }
  };
}

/**
 * Gives every route an error screen. Inside a frame (the shell, the sign-in
 * card) a failing page shows it in place and the frame stays; the root and
 * the routes right under it have no frame around them, so theirs fills the
 * window.
 */
export function withErrorScreens(routes: RouteObject[], depth = 0): RouteObject[] {
  return routes.map((route) => {
    const ErrorBoundary = depth <= 1 ? FullRouteError : RouteError;
    if (route.index) return { ...route, ErrorBoundary };
    return {
      ...route,
      ErrorBoundary,
      children: route.children && withErrorScreens(route.children, depth + 1),
    };
  });
}

/**
 * Loaders that start a page's data while its code loads: without them each
 * request waits for the chunk that asks for it, one round trip after another.
 * They return at once; the pages read the same queries.
 */
function prefetchers(client?: QueryClient) {
  const start = (run: (c: QueryClient) => Promise<unknown>) => () => {
    if (client) void run(client).catch(() => undefined); // the page shows any failure itself
    return null;
  };
  return {
    session: start((c) => c.prefetchQuery(sessionQuery())),
    profile: start((c) => c.prefetchQuery(profileQuery())),
    // Home's first rows, once the profile says the caller is signed in.
    home: start((c) =>
      c
        .fetchQuery(profileQuery())
        .then(() =>
          Promise.all([
            c.prefetchQuery(recommendedArtistsQuery()),
            c.prefetchQuery(recommendedSongsQuery()),
          ]),
        ),
    ),
  };
}

export function appRoutes(client?: QueryClient): RouteObject[] {
  const prefetch = prefetchers(client);
  return withErrorScreens([
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoader full />,
      children: [
        {
          lazy: page(() => import('@/features/auth/components/AuthLayout'), 'AuthLayout'),
          children: [
            {
              element: <RedirectIfSignedIn />,
              loader: prefetch.session,
              children: [
                {
                  index: true,
                  lazy: page(
                    () => import('@/features/auth/components/RegisterPage'),
                    'RegisterPage',
                  ),
                },
                {
                  path: 'login',
                  lazy: page(() => import('@/features/auth/components/LoginPage'), 'LoginPage'),
                },
                {
                  // Where invitation links point: /register?invite=TOKEN.
                  path: 'register',
                  lazy: page(
                    () => import('@/features/auth/components/RegisterPage'),
                    'RegisterPage',
                  ),
                },
              ],
            },
            {
              path: 'otp1',
              lazy: page(
                () => import('@/features/auth/components/SignupCodePage'),
                'SignupCodePage',
              ),
            },
            {
              path: 'forget',
              lazy: page(
                () => import('@/features/auth/components/ForgotPasswordPage'),
                'ForgotPasswordPage',
              ),
            },
            {
              path: 'otp',
              lazy: page(() => import('@/features/auth/components/ResetCodePage'), 'ResetCodePage'),
            },
            {
              // Where 'Sign in with Google' leads when the server has no Google sign-in.
              path: 'google',
              lazy: page(
                () => import('@/features/auth/components/GoogleSetupPage'),
                'GoogleSetupPage',
              ),
            },
            {
              path: 'change',
              lazy: page(
                () => import('@/features/auth/components/ChangePasswordPage'),
                'ChangePasswordPage',
              ),
            },
          ],
        },
        {
          path: 'tandc',
          lazy: page(() => import('@/features/terms/components/TermsPage'), 'TermsPage'),
        },
        {
          lazy: page(() => import('./guards/RequireSession'), 'RequireSession'),
          loader: prefetch.profile,
          children: [
            {
              path: 'home',
              loader: prefetch.home,
              lazy: page(() => import('@/features/home/components/HomePage'), 'HomePage'),
            },
            {
              path: 'playlist',
              lazy: page(
                () => import('@/features/playlists/components/PlaylistsPage'),
                'PlaylistsPage',
              ),
            },
            {
              path: 'player/:id',
              lazy: page(
                () => import('@/features/playlists/components/PlaylistPage'),
                'PlaylistPage',
              ),
            },
            {
              path: 'album/:id',
              lazy: page(() => import('@/features/albums/components/AlbumPage'), 'AlbumPage'),
            },
            {
              path: 'albums',
              lazy: page(() => import('@/features/albums/components/AlbumsPage'), 'AlbumsPage'),
            },
            {
              path: 'genres',
              lazy: page(() => import('@/features/genres/components/GenresPage'), 'GenresPage'),
            },
            {
              path: 'genre/:name',
              lazy: page(() => import('@/features/genres/components/GenrePage'), 'GenrePage'),
            },
            {
              path: 'artist',
              lazy: page(() => import('@/features/artists/components/ArtistsPage'), 'ArtistsPage'),
            },
            {
              path: 'artist/:name',
              lazy: page(() => import('@/features/artists/components/ArtistPage'), 'ArtistPage'),
            },
            {
              path: 'search',
              lazy: page(() => import('@/features/search/components/SearchPage'), 'SearchPage'),
            },
            {
              path: 'songs',
              lazy: page(() => import('@/features/songs/components/SongsPage'), 'SongsPage'),
            },
            {
              path: 'upload',
              lazy: page(() => import('@/features/upload/components/UploadPage'), 'UploadPage'),
            },
            {
              path: 'profile',
              lazy: page(() => import('@/features/profile/components/ProfilePage'), 'ProfilePage'),
            },
            {
              path: 'followers',
              lazy: page(
                () => import('@/features/profile/components/FollowersPage'),
                'FollowersPage',
              ),
            },
            {
              path: 'followings',
              lazy: page(
                () => import('@/features/profile/components/FollowingsPage'),
                'FollowingsPage',
              ),
            },
            {
              path: 'allusers',
              lazy: page(() => import('@/features/users/components/AllUsersPage'), 'AllUsersPage'),
            },
            {
              path: 'followuser',
              lazy: page(
                () => import('@/features/users/components/FollowUserPage'),
                'FollowUserPage',
              ),
            },
            {
              path: 'join',
              lazy: page(() => import('@/features/radio/components/RadioPage'), 'RadioPage'),
            },
            {
              path: 'admin',
              lazy: page(() => import('@/features/admin/components/AdminPage'), 'AdminPage'),
            },
            {
              path: 'queue',
              lazy: page(() => import('@/features/queue/components/QueuePage'), 'QueuePage'),
            },
            {
              path: 'jam',
              lazy: page(() => import('@/features/jam/components/JamHome'), 'JamHome'),
            },
            {
              path: 'mix/:id',
              lazy: page(() => import('@/features/mixes/components/MixPage'), 'MixPage'),
            },
            {
              path: 'recent',
              lazy: page(() => import('@/features/recent/components/RecentPage'), 'RecentPage'),
            },
            {
              path: 'likes',
              lazy: page(() => import('@/features/likes/components/LikesPage'), 'LikesPage'),
            },
            {
              path: 'downloads',
              lazy: page(
                () => import('@/features/offline/components/DownloadsPage'),
                'DownloadsPage',
              ),
            },
            {
              path: 'settings',
              lazy: page(
                () => import('@/features/settings/components/SettingsPage'),
                'SettingsPage',
              ),
            },
          ],
        },
        {
          // Shared links open for everyone: inside the app when signed in, a preview otherwise.
          lazy: page(() => import('./guards/OptionalSession'), 'OptionalSession'),
          children: [
            {
              path: 'share',
              lazy: page(() => import('@/features/share/components/SharePage'), 'SharePage'),
            },
            {
              // A Jam: its members' room when signed in; signed out, the
              // listen-only page with its link's key, else the way to sign in.
              path: 'jam/:id',
              lazy: page(() => import('@/features/jam/components/JamPage'), 'JamPage'),
            },
          ],
        },
        { path: '*', lazy: page(() => import('./NotFoundPage'), 'NotFoundPage') },
      ],
    },
  ]);
}

export const routes: RouteObject[] = appRoutes();

/** The app's router; with the query client, pages' data starts with their code. */
export function createRouter(client?: QueryClient) {
  const router = createBrowserRouter(appRoutes(client));
  navigationTarget = () => {
    const to = router.state.navigation.location;
    return to ? router.createHref(to) : undefined;
  };
  reloadOnPreloadError(() => navigationTarget());
  return router;
}
