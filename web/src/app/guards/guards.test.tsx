import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '@/lib/client-state';
import { useSession } from '@/lib/session';
import { profileQuery } from '@/features/auth/api/get-profile';
import { mockApi, renderRoutes, testQueryClient } from '@/test/utils';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { RequireSession } from './RequireSession';

const ada = { _id: '1', username: 'ada_l', email: 'ada@example.com' };

function Whoami() {
  const { user } = useSession();
  return <p>signed in as {user.username}</p>;
}

const routes = [
  {
    element: <Outlet />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/', element: <p>registration page</p> },
          { path: '/login', element: <p>login page</p> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          { path: '/home', element: <Whoami /> },
          { path: '/songs', element: <Whoami /> },
          { path: '/share', element: <Whoami /> },
        ],
      },
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  resetClientState();
});

describe('RequireSession', () => {
  it('sends a signed-out visitor to /login with the page asked for as next', async () => {
    mockApi({
      'GET /api/auth/profile': { status: 401, body: { message: 'You are not signed in.' } },
      'GET /api/auth/session': { status: 200, body: { user: null } },
    });
    const { router } = renderRoutes(routes, '/songs?sort=new#top');
    // The router's state moves before React renders its transition: wait for
    // the page the visitor sees, then check where they are.
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/songs?sort=new#top',
    );
  });

  it('sends the visitor to /login on any other failure too, without next for /home', async () => {
    mockApi({
      'GET /api/auth/profile': { status: 500, body: { message: 'Something went wrong' } },
      'GET /api/auth/session': { status: 200, body: { user: null } },
    });
    const { router } = renderRoutes(routes, '/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
  });

  it('keeps a person in when the network fails: only the server ends a session', async () => {
    // No answer at all: every call fails as a lost connection does.
    const calls = mockApi({});
    const client = testQueryClient();
    // The profile kept from the last visit, long stale.
    client.setQueryData(profileQuery().queryKey, ada, { updatedAt: 1 });
    const { router } = renderRoutes(routes, '/songs', client);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/profile')).toBe(true));
    expect(await screen.findByText('signed in as ada_l')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/songs');
  });

  it('renders the shell and the page for a signed-in user', async () => {
    mockApi({
      'GET /api/auth/profile': {
        status: 200,
        body: { _id: '1', username: 'ada_l', email: 'ada@example.com' },
      },
    });
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByText('signed in as ada_l')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Songs', '/songs'],
      ['Albums', '/albums'],
      ['Playlists', '/playlist'],
      ['Artists', '/artist'],
      ['Radio', '/join'],
      ['Jam', '/jam'],
      ['Upload song', '/upload'],
      ['Home', '/home'],
      ['Recently played', '/recent'],
      ['Downloads', '/downloads'],
      ['Profile', '/profile'],
    ]);
  });
});

describe('RedirectIfSignedIn', () => {
  it.each(['/', '/login'])('sends a signed-in visitor from %s to /home', async (path) => {
    mockApi({
      'GET /api/auth/session': {
        status: 200,
        body: { user: { _id: '1', username: 'ada_l', email: 'ada@example.com' } },
      },
      'GET /api/auth/profile': {
        status: 200,
        body: { _id: '1', username: 'ada_l', email: 'ada@example.com' },
      },
    });
    const { router } = renderRoutes(routes, path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText('signed in as ada_l')).toBeInTheDocument();
  });

  it('sends a signed-in visitor to a safe next instead', async () => {
    mockApi({
      'GET /api/auth/session': {
        status: 200,
        body: { user: { _id: '1', username: 'ada_l', email: 'ada@example.com' } },
      },
      'GET /api/auth/profile': {
        status: 200,
        body: { _id: '1', username: 'ada_l', email: 'ada@example.com' },
      },
    });
    const { router } = renderRoutes(
      routes,
      `/login?next=${encodeURIComponent('/share?id=s1&type=song')}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/share'));
    expect(router.state.location.search).toBe('?id=s1&type=song');
  });

  it('sends a person with a kept profile to /home when the server cannot be reached', async () => {
    const calls = mockApi({});
    const client = testQueryClient();
    client.setQueryData(profileQuery().queryKey, ada, { updatedAt: 1 });
    const { router } = renderRoutes(routes, '/', client);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/session')).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('leaves a visitor without a kept profile on the page when the server cannot be reached', async () => {
    const calls = mockApi({});
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByText('registration page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves a signed-out visitor on the page', async () => {
    const calls = mockApi({ 'GET /api/auth/session': { status: 200, body: { user: null } } });
    renderRoutes(routes, '/');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByText('registration page')).toBeInTheDocument();
  });
});
