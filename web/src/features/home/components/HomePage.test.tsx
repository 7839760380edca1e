import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getPlayerState, resetPlayer } from '@/lib/player-store';
import type { Artist } from '@/lib/song';
import { makeAlbum } from '@/test/albums';
import { makeSong } from '@/test/songs';
import { InSession, mockApi, renderRoutes } from '@/test/utils';
import { HomePage } from './HomePage';

const artists: Artist[] = [
  { name: 'paper-moons', cover: '/media/covers/pm.jpg', coverSmall: '', songs: 4 },
  { name: 'willow-creek', cover: '', coverSmall: '', songs: 2 },
];

const songs = [
  {
    ...makeSong('a', { song: 'Letters to the Sea', artist: 'paper-moons', cover: '/media/a.jpg' }),
    reason: { kind: 'because', text: 'Because you played Dandelion Road', songId: 'b' },
  },
  makeSong('b', { song: 'Dandelion Road', artist: 'willow-creek' }),
  makeSong('c', { song: 'Chrome Sunset', artist: 'neon-harbor' }),
];

function renderHome() {
  return renderRoutes(
    [
      {
        path: '/home',
        element: (
          <InSession>
            <HomePage />
          </InSession>
        ),
      },
      { path: '/artist/:name', element: <h1>Artist page</h1> },
      { path: '/player/:id', element: <h1>Playlist page</h1> },
    ],
    '/home',
  );
}

beforeEach(() => resetPlayer());

describe('the home page', () => {
  beforeEach(() => {
    mockApi({
      'GET /api/recommend/artist': { status: 200, body: artists },
      'GET /api/recommend/all': { status: 200, body: songs },
      'GET /api/feed': { status: 200, body: [] },
      'GET /api/albums': {
        status: 200,
        body: { albums: [makeAlbum('al1', { name: 'Low Tide Tapes', year: 1994 })] },
      },
    });
  });

  it('shows the original app’s three sections and the feed, with the recommendations', async () => {
    renderHome();
    await screen.findByRole('heading', { level: 2, name: 'Recently added albums' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Top Songs',
      'Recommended Artist For you',
      'Songs Recommended For you',
      'Recently added albums',
      'From people you follow',
    ]);
    expect(screen.getByRole('link', { name: /Top Songs/ })).toHaveAttribute('href', '/player/top');

    const artistList = await screen.findByRole('list', { name: 'Recommended artists' });
    const cards = within(artistList).getAllByRole('link');
    expect(cards.map((c) => c.textContent)).toEqual(['paper moons4 songs', 'willow creek2 songs']);
    expect(cards[0]?.querySelector('img')).toHaveAttribute('src', '/media/covers/pm.jpg');

    const songList = await screen.findByRole('list', { name: 'Recommended songs' });
    const songCards = within(songList).getAllByRole('button');
    expect(songCards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Play Letters to the Sea by paper moons',
      'Play Dandelion Road by willow creek',
      'Play Chrome Sunset by neon harbor',
    ]);
    expect(songCards[0]).toHaveTextContent('Letters to the Sea');
    expect(songCards[0]?.querySelector('img')).toHaveAttribute('src', '/media/a.jpg');
    // Each card says why it is there, when the server says.
    const why = within(songList)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.song-card__note')?.textContent ?? '');
    expect(why).toEqual(['Because you played Dandelion Road', '', '']);
  });

  it('plays the recommended songs from the card clicked', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(
      await screen.findByRole('button', { name: 'Play Dandelion Road by willow creek' }),
    );
    const state = getPlayerState();
    expect(state.queue.map((s) => s._id)).toEqual(['a', 'b', 'c']);
    expect(state.index).toBe(1);
    expect(state.playing).toBe(true);
    // The card of the song that plays now pauses it.
    await user.click(screen.getByRole('button', { name: 'Pause Dandelion Road by willow creek' }));
    expect(getPlayerState().playing).toBe(false);
  });

  it('opens an artist from their card', async () => {
    const user = userEvent.setup();
    const { router } = renderHome();
    await user.click(await screen.findByRole('link', { name: /willow creek/ }));
    expect(router.state.location.pathname).toBe('/artist/willow-creek');
  });
});

describe('recently added albums on the home page', () => {
  it('shows the 12 latest as cards that open the album', async () => {
    const calls = mockApi({
      'GET /api/recommend/artist': { status: 200, body: [] },
      'GET /api/recommend/all': { status: 200, body: [] },
      'GET /api/feed': { status: 200, body: [] },
      'GET /api/albums': {
        status: 200,
        body: { albums: [makeAlbum('al1', { name: 'Low Tide Tapes', year: 1994 })] },
      },
    });
    renderHome();
    const row = await screen.findByRole('list', { name: 'Recently added albums' });
    expect(within(row).getByRole('link', { name: /Low Tide Tapes/ })).toHaveAttribute(
      'href',
      '/album/al1',
    );
    expect(calls.find((c) => c.url.startsWith('/api/albums'))?.url).toBe(
      '/api/albums?sort=recent&limit=12',
    );
  });
});

describe('the home page without recommendations', () => {
  it('says they are warming up, and offers another try when they fail', async () => {
    mockApi({
      'GET /api/recommend/artist': { status: 200, body: [] },
      'GET /api/recommend/all': { status: 503, body: { message: 'The database is down.' } },
      'GET /api/feed': { status: 200, body: [] },
    });
    renderHome();
    expect(await screen.findByText('Artists picked for you land here')).toBeInTheDocument();
    expect(await screen.findByText('We could not load your recommendations')).toBeInTheDocument();
    expect(screen.getByText('The database is down.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
