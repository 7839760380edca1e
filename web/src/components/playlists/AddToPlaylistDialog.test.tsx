import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Playlist } from '@/lib/playlist';
import { makeSong } from '@/test/songs';
import { mockApi, renderRoutes } from '@/test/utils';
import { AddToPlaylistDialog, hasExactMatch } from './AddToPlaylistDialog';

const song = makeSong('s1', { song: 'Midnight Harbour' });

function playlist(id: string, name: string, count = 2): Playlist {
  return {
    _id: id,
    id,
    name,
    owner: 'ann',
    mine: true,
    cover: '/default-cover.svg',
    coverSmall: '/default-cover.svg',
    count,
    createdAt: '2026-11-21T12:00:00Z',
  };
}

function renderDialog() {
  const onClose = vi.fn();
  renderRoutes(
    [{ path: '/', element: <AddToPlaylistDialog song={song} onClose={onClose} /> }],
    '/',
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Add to playlist' }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the add-to-playlist dialog', () => {
  it('searches your playlists, and a click on one adds the song', async () => {
    const calls = mockApi({
      'POST /api/playlist/search': {
        status: 200,
        body: {
          message: 'success',
          result: [playlist('p1', 'Road  Trip'), playlist('p2', 'Road home')],
        },
      },
      'PUT /api/playlist/add': {
        status: 200,
        body: { message: 'success', playlist: playlist('p2', 'Road home', 3) },
      },
    });
    const { onClose, dialog } = renderDialog();
    const field = within(dialog).getByRole('textbox', { name: 'Search playlists' });
    expect(field).toBeRequired();
    expect(field).toHaveFocus();
    await userEvent.type(field, 'road');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));

    const results = await within(dialog).findByRole('list', { name: 'Playlists found' });
    expect(
      within(results)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Road  Trip', 'Road home']);
    await userEvent.click(within(results).getByRole('button', { name: 'Road home' }));

    expect(await screen.findByText('Added to “Road home”')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([
      { method: 'POST', url: '/api/playlist/search', body: { name: 'road' } },
      { method: 'PUT', url: '/api/playlist/add', body: { id: 'p2', songs: 's1' } },
    ]);
  });

  it("shows the server's message when the song is already there, and stays open", async () => {
    mockApi({
      'POST /api/playlist/search': {
        status: 200,
        body: { message: 'success', result: [playlist('p1', 'Road Trip')] },
      },
      'PUT /api/playlist/add': {
        status: 409,
        body: { message: 'This song is already in “Road Trip”.' },
      },
    });
    const { onClose, dialog } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Search playlists'), 'road{Enter}');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Road Trip' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This song is already in “Road Trip”.'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a name before searching', async () => {
    const calls = mockApi({});
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getByText('Type a playlist name to search for.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers a new playlist when nothing matches, and adds the song to it', async () => {
    const calls = mockApi({
      'POST /api/playlist/search': { status: 200, body: { message: 'success', result: [] } },
      'POST /api/playlist/create': {
        status: 200,
        body: { message: 'success', playlist: playlist('p9', 'Sea  songs', 0) },
      },
      'PUT /api/playlist/add': { status: 200, body: { message: 'success' } },
    });
    const { onClose, dialog } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Search playlists'), 'Sea  songs{Enter}');
    expect(await within(dialog).findByText('No playlists match “Sea songs”.')).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: /New playlist “Sea\s+songs”/ }),
    );
    // Text matching collapses spaces; the name itself keeps both (see the calls below).
    expect(await screen.findByText('Added to “Sea songs”')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.slice(1)).toEqual([
      { method: 'POST', url: '/api/playlist/create', body: { name: 'Sea  songs' } },
      { method: 'PUT', url: '/api/playlist/add', body: { id: 'p9', songs: 's1' } },
    ]);
  });

  it('closes with Escape and with its close button', async () => {
    mockApi({});
    const { onClose } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('knows an exact match in any case', () => {
    expect(hasExactMatch([playlist('p', 'Road Trip')], ' road trip ')).toBe(true);
    expect(hasExactMatch([playlist('p', 'Road Trip')], 'road')).toBe(false);
  });
});

describe('adding a whole album', () => {
  it('adds every song in order, counting those already there', async () => {
    const songs = [makeSong('t1'), makeSong('t2'), makeSong('t3')];
    const calls = mockApi({
      'POST /api/playlist/search': {
        status: 200,
        body: { message: 'success', result: [playlist('p1', 'Road trip')] },
      },
      'PUT /api/playlist/add': (call) =>
        (call.body as { songs: string }).songs === 't2'
          ? { status: 409, body: { message: 'This song is already in “Road trip”.' } }
          : { status: 200, body: { message: 'success', playlist: playlist('p1', 'Road trip') } },
    });
    const onClose = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <AddToPlaylistDialog
              song={songs[0]!}
              songs={songs}
              label="Low Tide Tapes"
              onClose={onClose}
            />
          ),
        },
      ],
      '/',
    );
    const dialog = screen.getByRole('dialog', { name: 'Add to playlist' });
    expect(dialog).toHaveTextContent('Choose a playlist for “Low Tide Tapes” (3 songs).');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search playlists' }), 'road');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Road trip' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { songs: string }).songs),
    ).toEqual(['t1', 't2', 't3']);
    expect(await screen.findByText('Added 2 songs to “Road trip” (1 already there)')).toBeVisible();
  });
});
