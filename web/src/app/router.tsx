import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/ui';
import { RedirectIfSignedIn } from './guards/RedirectIfSignedIn';
import { RootLayout } from './RootLayout';

/** Lazily loads a page component by its export name, as React Router's lazy route. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoader full />,
    children: [
      {
        lazy: page(() => import('@/features/auth/components/AuthLayout'), 'AuthLayout'),
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              {
                index: true,
                lazy: page(() => import('@/features/auth/components/RegisterPage'), 'RegisterPage'),
              },
              {
                path: 'login',
                lazy: page(() => import('@/features/auth/components/LoginPage'), 'LoginPage'),
              },
              {
                // Where invitation links point: /register?invite=TOKEN.
                path: 'register',
                lazy: page(() => import('@/features/auth/components/RegisterPage'), 'RegisterPage'),
              },
            ],
          },
          {
            path: 'otp1',
            lazy: page(() => import('@/features/auth/components/SignupCodePage'), 'SignupCodePage'),
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
        children: [
          {
            path: 'home',
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
            lazy: page(() => import('@/features/settings/components/SettingsPage'), 'SettingsPage'),
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
        ],
      },
      { path: '*', lazy: page(() => import('./NotFoundPage'), 'NotFoundPage') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
