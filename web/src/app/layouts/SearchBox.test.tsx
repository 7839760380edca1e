import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { SearchPage } from '@/features/search/components/SearchPage';
import type { SearchResults } from '@/features/search/api/search';
import { getClientState, resetClientState } from '@/lib/client-state';
import { getPlayerState, resetPlayer } from '@/lib/player-store';
import { createQueryClient } from '@/lib/query-client';
import type { Playlist } from '@/lib/playlist';
import type { Album } from '@/lib/albums';
import { deferred, json } from '@/test/deferred';
import { makeSong } from '@/test/songs';
import { renderRoutes } from '@/test/utils';
import { SearchBox } from './SearchBox';

const empty: SearchResults = {
  top: null,
  songs: [],
  artists: [],
  albums: [],
  playlists: [],
  users: [],
};

const playlist: Playlist = {
  _id: 'p1',
  id: 'p1',
  name: 'Submarine Nights',
  owner: 'neon-harbor',
  mine: false,
  cover: '/default-cover.svg',
  coverSmall: '/default-cover.svg',
  count: 3,
  createdAt: '2026-11-21T12:00:00Z',
};

const album: Album = {
  _id: 'al1',
  name: 'Sub Rosa',
  artist: 'Crimson Harbor',
  artistId: 'ar1',
  year: 2019,
  genre: 'Rock',
  compilation: false,
  cover: '/default-cover.svg',
  coverSmall: '/default-cover.svg',
  songs: 3,
  duration: 600,
  plays: 0,
  userId: '',
  username: '',
};

const songs = [
  makeSong('s1', { song: 'Yellow Submarine Dreams', artist: 'pixel-parade' }),
  makeSong('s2', { song: 'Deep Sub Bass', artist: 'neon-harbor' }),
];

const found: SearchResults = {
  top: { type: 'song', song: songs[1]! },
  songs,
  artists: [
    { name: 'sub-club', cover: '', coverSmall: '', songs: 2 },
    { _id: 'ar2', name: 'Subway Sect', cover: '', coverSmall: '', songs: 4, userId: '' },
  ],
  albums: [album],
  playlists: [playlist],
  users: [],
};

/** Replaces fetch: GET /api/search answers from `answer`; the queries asked are returned. */
function mockSearch(answer: (q: string) => Promise<Response> | Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/search') throw new Error(`unexpected call ${url.pathname}`);
      const q = url.searchParams.get('q') ?? '';
      asked.push(q);
      return answer(q);
    }),
  );
  return asked;
}

function Shell() {
  return (
    <>
      <SearchBox />
      <Outlet />
    </>
  );
}

function renderApp(path = '/home') {
  return renderRoutes(
    [
      {
        element: <Shell />,
        children: [
          { path: '/home', element: <h1>Home page</h1> },
          { path: '/songs', element: <h1>Songs page</h1> },
          { path: '/search', element: <SearchPage /> },
          { path: '/artist/:name', element: <h1>Artist page</h1> },
        ],
      },
    ],
    path,
  );
}

const box = () => screen.getByRole('searchbox', { name: 'Search...' });
/** A song result by its title, which the marks of the match break into pieces. */
const songResult = (title: string) => screen.findByRole('button', { name: `Play ${title}` });

beforeEach(() => {
  resetClientState();
  resetPlayer();
});

describe('the search box and the results view', () => {
  it('opens the results as you type, asks once the typing stops, and keeps the focus', async () => {
    const asked = mockSearch(() => json(200, found));
    const user = userEvent.setup();
    const { router } = renderApp();
    await user.type(box(), 'submar');

    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=submar');
    expect(box()).toHaveFocus();
    const songs = await screen.findByRole('list', { name: 'Songs found' });
    // One request, for the words the typing stopped at.
    expect(asked).toEqual(['submar']);
    expect(within(songs).getAllByRole('listitem')).toHaveLength(2);
    expect(box()).toHaveFocus();
  });

  it('groups the results into songs, artists, playlists and people, and says what is missing', async () => {
    mockSearch(() => json(200, found));
    renderApp('/search?q=sub');
    const songs = await screen.findByRole('region', { name: 'Songs' });
    expect(within(songs).getAllByRole('listitem')[0]).toHaveTextContent('Yellow Submarine Dreams');
    // The words that matched are marked.
    expect(within(songs).getAllByText('Sub', { selector: 'mark' }).length).toBeGreaterThan(0);
    const artists = screen.getByRole('region', { name: 'Artists' });
    expect(within(artists).getByRole('link', { name: /sub club/ })).toHaveAttribute(
      'href',
      '/artist/sub-club',
    );
    const playlists = screen.getByRole('region', { name: 'Playlists' });
    expect(within(playlists).getByRole('link', { name: 'Submarine Nights' })).toHaveAttribute(
      'href',
      '/player/p1',
    );
    expect(within(playlists).getByText('By neon-harbor · 3 songs')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'People' })).toHaveTextContent(
      'No people match “sub”.',
    );
  });

  it('plays a song result with the other results after it', async () => {
    mockSearch(() => json(200, found));
    const user = userEvent.setup();
    renderApp('/search?q=sub');
    const list = await screen.findByRole('list', { name: 'Songs found' });
    await user.click(within(list).getByRole('button', { name: 'Play Deep Sub Bass' }));
    const state = getPlayerState();
    expect(state.queue.map((s) => s._id)).toEqual(['s1', 's2']);
    expect(state.index).toBe(1);
    expect(state.playing).toBe(true);
  });

  it('links people to their profiles', async () => {
    mockSearch(() =>
      json(200, { ...empty, users: [{ _id: 'u2', username: 'subway', following: true }] }),
    );
    renderApp('/search?q=sub');
    const link = await screen.findByRole('link', { name: 'View profile of subway' });
    expect(link).toHaveAttribute('href', '/followuser?username=subway');
    expect(link).toHaveTextContent('You follow them');
  });

  it('asks again when the same words are searched again, with the app’s caching', async () => {
    const asked = mockSearch(() => json(200, found));
    const router = createMemoryRouter(
      [
        { path: '/search', element: <SearchPage /> },
        { path: '/home', element: <h1>Home page</h1> },
      ],
      { initialEntries: ['/search?q=sub'] },
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await songResult('Yellow Submarine Dreams');
    await act(() => router.navigate('/home'));
    await act(() => router.navigate('/search?q=sub'));
    await songResult('Yellow Submarine Dreams');
    await waitFor(() => expect(asked).toEqual(['sub', 'sub']));
  });

  it('says so when nothing matches at all', async () => {
    mockSearch(() => json(200, empty));
    renderApp('/search?q=polka');
    expect(await screen.findByText('No results for “polka”')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Songs' })).toBeNull();
  });

  it('never shows the results of other words than those in the heading', async () => {
    const next = deferred<Response>();
    mockSearch((q) => (q === 'sub' ? json(200, found) : next.promise));
    const user = userEvent.setup();
    renderApp('/search?q=sub');
    await songResult('Yellow Submarine Dreams');
    await user.type(box(), 'marine');
    // At once, before the new words are even asked: the old results are gone.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “submarine”');
    expect(screen.queryByRole('button', { name: 'Play Yellow Submarine Dreams' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Searching for “submarine”' })).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('region', { name: 'Songs' })).toBeNull();
    await act(async () => next.resolve(json(200, empty)));
    expect(await screen.findByText('No results for “submarine”')).toBeInTheDocument();
  });

  it('shows the top result big, and plays it with the other songs after it', async () => {
    mockSearch(() => json(200, found));
    const user = userEvent.setup();
    renderApp('/search?q=sub');
    const top = await screen.findByRole('article', { name: 'Top result: Deep Sub Bass' });
    expect(within(top).getByText('Song')).toBeInTheDocument();
    await user.click(within(top).getByRole('button', { name: 'Play Deep Sub Bass' }));
    const state = getPlayerState();
    expect(state.queue.map((s) => s._id)).toEqual(['s1', 's2']);
    expect(state.index).toBe(1);
  });

  it('lists albums, and the library’s artists beside the uploaders', async () => {
    mockSearch(() => json(200, found));
    renderApp('/search?q=sub');
    const albums = await screen.findByRole('region', { name: 'Albums' });
    expect(within(albums).getByRole('link', { name: /Sub Rosa/ })).toHaveAttribute(
      'href',
      '/album/al1',
    );
    const artists = screen.getByRole('region', { name: 'Artists' });
    expect(within(artists).getByRole('link', { name: /Subway Sect/ })).toHaveAttribute(
      'href',
      '/artist/Subway%20Sect',
    );
  });

  it('/ and Ctrl+K or Cmd+K bring the focus to the box, but not from another field', async () => {
    mockSearch(() => json(200, found));
    const user = userEvent.setup();
    renderApp('/home');
    const other = document.createElement('input');
    document.body.append(other);
    try {
      await user.keyboard('/');
      expect(box()).toHaveFocus();
      expect(box()).toHaveValue('');
      box().blur();
      await user.keyboard('{Control>}k{/Control}');
      expect(box()).toHaveFocus();
      box().blur();
      await user.keyboard('{Meta>}k{/Meta}');
      expect(box()).toHaveFocus();

      await user.click(other);
      await user.keyboard('/');
      expect(other).toHaveFocus();
      expect(other).toHaveValue('/');
      await user.keyboard('{Control>}k{/Control}');
      expect(other).toHaveFocus();
    } finally {
      other.remove();
    }
  });

  it('sets the shared search term on Enter, which the songs page filters by', async () => {
    mockSearch(() => json(200, found));
    const user = userEvent.setup();
    const { router } = renderApp();
    await user.type(box(), 'sub{Enter}');
    expect(getClientState().searchTerm).toBe('sub');
    expect(router.state.location.search).toBe('?q=sub');
    await user.click(await screen.findByRole('link', { name: 'Show in Songs' }));
    expect(router.state.location.pathname).toBe('/songs');
    expect(getClientState().searchTerm).toBe('sub');
    expect(box()).toHaveValue('sub');
  });

  it('clears the box and goes back to where the search started on Escape', async () => {
    mockSearch(() => json(200, found));
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    await user.type(box(), 'sub{Enter}');
    await songResult('Yellow Submarine Dreams');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(box()).toHaveValue('');
    expect(getClientState().searchTerm).toBeNull();
  });

  it('shows the words of the page that back and forward land on', async () => {
    mockSearch(() => json(200, found));
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    await user.type(box(), 'sub');
    await songResult('Yellow Submarine Dreams');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/home');
    expect(box()).toHaveValue('');
    await act(() => router.navigate(1));
    expect(router.state.location.search).toBe('?q=sub');
    expect(box()).toHaveValue('sub');
  });
});
