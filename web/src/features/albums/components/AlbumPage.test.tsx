import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getPlayerState, resetPlayer } from '@/lib/player-store';
import { makeAlbum } from '@/test/albums';
import { makeSong } from '@/test/songs';
import { InSession, mockApi, renderRoutes } from '@/test/utils';
import { AlbumPage } from './AlbumPage';

const album = makeAlbum('al1', { name: 'Low Tide Tapes', songs: 4, duration: 725 });
const songs = [
  makeSong('s1', { song: 'Harbor Lights', artist: 'Tide Pool', uploader: '', disc: 1, track: 1 }),
  makeSong('s2', { song: 'Afterglow', artist: 'Tide Pool', uploader: '', disc: 1, track: 2 }),
  makeSong('s3', {
    song: 'Gone Song',
    artist: 'Tide Pool',
    uploader: '',
    disc: 2,
    track: 1,
    missing: true,
  }),
  makeSong('s4', { song: 'Sea Glass', artist: 'Tide Pool', uploader: '', disc: 2, track: 2 }),
];

function renderAlbum() {
  return renderRoutes(
    [
      {
        path: '/album/:id',
        element: (
          <InSession>
            <AlbumPage />
          </InSession>
        ),
      },
      { path: '/artist/:name', element: <h1>Artist page</h1> },
      { path: '/genre/:name', element: <h1>Genre page</h1> },
    ],
    '/album/al1',
  );
}

beforeEach(() => resetPlayer());

describe('an album page', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/albums/al1': { status: 200, body: { album, songs } } });
  });

  it('shows the facts, and the songs by disc with their track numbers', async () => {
    renderAlbum();
    expect(await screen.findByRole('heading', { level: 1, name: 'Low Tide Tapes' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tide Pool' })).toHaveAttribute(
      'href',
      '/artist/Tide%20Pool',
    );
    expect(screen.getByRole('link', { name: 'Dream Pop' })).toHaveAttribute(
      'href',
      '/genre/Dream%20Pop',
    );
    expect(screen.getByText('4 songs, 12 min')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Songs of Low Tide Tapes' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map(
        (li) =>
          li.getAttribute('aria-label') ??
          `${li.querySelector('.song-row__num')?.textContent} ${li.querySelector('.song-row__title')?.textContent}`,
      );
    expect(rows).toEqual([
      'Disc 1',
      '1 Harbor Lights',
      '2 Afterglow',
      'Disc 2',
      '1 Gone Song',
      '2 Sea Glass',
    ]);
    expect(within(list).getByText('Unavailable')).toBeInTheDocument();
    // The artist is the album's own: rows do not repeat it.
    expect(within(list).queryByRole('link', { name: 'Tide Pool' })).toBeNull();
  });

  it('plays from the first track, leaving out a missing file', async () => {
    const user = userEvent.setup();
    renderAlbum();
    await user.click(await screen.findByRole('button', { name: 'Play' }));
    const state = getPlayerState();
    expect(state.queue.map((s) => s._id)).toEqual(['s1', 's2', 's4']);
    expect(state.index).toBe(0);
    expect(state.playing).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Gone Song is no longer in the library' }),
    ).toBeDisabled();
  });

  it('plays the album from a track clicked in the list', async () => {
    const user = userEvent.setup();
    renderAlbum();
    await user.click(await screen.findByText('Sea Glass'));
    const state = getPlayerState();
    expect(state.queue.map((s) => s._id)).toEqual(['s1', 's2', 's4']);
    expect(state.index).toBe(2);
    expect(state.playing).toBe(true);
  });
});

describe('an album that is not there', () => {
  it('says so, with a way to every album', async () => {
    mockApi({ 'GET /api/albums/al1': { status: 404, body: { message: 'No such album.' } } });
    renderAlbum();
    expect(await screen.findByText('We could not find this album')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All albums' })).toHaveAttribute('href', '/albums');
  });
});
