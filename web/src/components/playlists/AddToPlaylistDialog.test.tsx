import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Playlist } from '@/lib/playlist';
import { makeSong } from '@/test/songs';
import { mockApi, renderRoutes } from '@/test/utils';
import { AddToPlaylistDialog, hasExactMatch, matchesFilter } from './AddToPlaylistDialog';

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
    mosaic: [],
  };
}

/** The caller's playlists, newest first, as GET /api/playlist/all gives them. */
const mine = [
  playlist('p3', 'Road home', 1),
  playlist('p2', 'Road  Trip'),
  playlist('p1', 'Morning coffee', 12),
];

function renderDialog() {
  const onClose = vi.fn();
  renderRoutes(
    [{ path: '/', element: <AddToPlaylistDialog song={song} onClose={onClose} /> }],
    '/',
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Add to playlist' }) };
}

function names(list: HTMLElement) {
  return within(list)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));
}

afterEach(() => vi.unstubAllGlobals());

describe('the add-to-playlist dialog', () => {
  it('lists your playlists at once, newest first, and a click on one adds the song', async () => {
    const calls = mockApi({
      'GET /api/playlist/all': { status: 200, body: mine },
      'PUT /api/playlist/add': {
        status: 200,
        body: { message: 'success', playlist: playlist('p2', 'Road  Trip', 3) },
      },
    });
    const { onClose, dialog } = renderDialog();
    expect(within(dialog).getByRole('searchbox', { name: 'Filter playlists' })).toHaveFocus();

    const list = await within(dialog).findByRole('list', { name: 'Your playlists' });
    await waitFor(() => expect(names(list)).toEqual(['Road home', 'Road  Trip', 'Morning coffee']));
    expect(within(list).getByRole('button', { name: 'Road home' })).toHaveAccessibleDescription(
      '1 song',
    );
    // Accessible names collapse runs of spaces; the label keeps both (see names() above).
    await userEvent.click(within(list).getByRole('button', { name: 'Road Trip' }));

    expect(await screen.findByText('Added to “Road Trip”')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls[0]).toEqual({ method: 'GET', url: '/api/playlist/all', body: undefined });
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'PUT', url: '/api/playlist/add', body: { id: 'p2', songs: 's1' } },
    ]);
  });

  it('narrows the list to the names holding every word typed, in any case', async () => {
    mockApi({ 'GET /api/playlist/all': { status: 200, body: mine } });
    const { dialog } = renderDialog();
    const list = await within(dialog).findByRole('list', { name: 'Your playlists' });
    await waitFor(() => expect(names(list)).toHaveLength(3));
    await userEvent.type(within(dialog).getByLabelText('Filter playlists'), 'ROAD');
    expect(names(list)).toEqual(['Road home', 'Road  Trip']);
    await userEvent.type(within(dialog).getByLabelText('Filter playlists'), ' trip');
    expect(names(list)).toEqual(['Road  Trip']);
    await userEvent.type(within(dialog).getByLabelText('Filter playlists'), 'x');
    expect(names(list)).toEqual([]);
    expect(within(dialog).getByText('No playlists match “ROAD tripx”.')).toBeInTheDocument();
  });

  it('moves between playlists with the arrow keys and adds with Enter', async () => {
    const calls = mockApi({
      'GET /api/playlist/all': { status: 200, body: mine },
      'PUT /api/playlist/add': { status: 200, body: { message: 'success' } },
    });
    const { onClose, dialog } = renderDialog();
    await within(dialog).findByRole('button', { name: 'Road home' });
    await userEvent.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('button', { name: /^New playlist/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(dialog).getByRole('button', { name: 'Road Trip' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(within(dialog).getByLabelText('Filter playlists')).toHaveFocus();
    await userEvent.keyboard('{End}{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'PUT', url: '/api/playlist/add', body: { id: 'p1', songs: 's1' } },
    ]);
  });

  it("shows the server's message when the song is already there, and stays open", async () => {
    mockApi({
      'GET /api/playlist/all': { status: 200, body: mine },
      'PUT /api/playlist/add': {
        status: 409,
        body: { message: 'This song is already in “Road home”.' },
      },
    });
    const { onClose, dialog } = renderDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Road home' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This song is already in “Road home”.'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('makes a playlist named by the filter when none has that name, with the song in it', async () => {
    const calls = mockApi({
      'GET /api/playlist/all': { status: 200, body: mine },
      'POST /api/playlist/create': {
        status: 200,
        body: { message: 'success', playlist: playlist('p9', 'Sea  songs', 0) },
      },
      'PUT /api/playlist/add': { status: 200, body: { message: 'success' } },
    });
    const { onClose, dialog } = renderDialog();
    await within(dialog).findByRole('button', { name: 'Road home' });
    await userEvent.type(within(dialog).getByLabelText('Filter playlists'), 'Sea  songs');
    await userEvent.click(
      within(dialog).getByRole('button', { name: /New playlist “Sea\s+songs”/ }),
    );
    // Text matching collapses spaces; the name itself keeps both (see the calls below).
    expect(await screen.findByText('Added to “Sea songs”')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', url: '/api/playlist/create', body: { name: 'Sea  songs' } },
      { method: 'PUT', url: '/api/playlist/add', body: { id: 'p9', songs: 's1' } },
    ]);
  });

  it('asks for a name when nothing is typed, and tells a name you already use', async () => {
    const calls = mockApi({
      'GET /api/playlist/all': { status: 200, body: [] },
      'POST /api/playlist/create': (call) =>
        (call.body as { name: string }).name === 'Taken'
          ? { status: 409, body: { message: 'You already have a playlist called “Taken”.' } }
          : { status: 200, body: { message: 'success', playlist: playlist('p5', 'Rainy days') } },
      'PUT /api/playlist/add': { status: 200, body: { message: 'success' } },
    });
    const { onClose, dialog } = renderDialog();
    expect(
      await within(dialog).findByText('You have no playlists yet: make one above.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /^New playlist/ }));
    const name = within(dialog).getByRole('textbox', { name: 'New playlist name' });
    expect(name).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    expect(within(dialog).getByText('Give the playlist a name.')).toBeInTheDocument();
    await userEvent.type(name, 'Taken{Enter}');
    expect(
      await within(dialog).findByText('You already have a playlist called “Taken”.'),
    ).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Rainy days{Enter}');
    expect(await screen.findByText('Added to “Rainy days”')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.body)).toEqual([
      { name: 'Taken' },
      { name: 'Rainy days' },
      { id: 'p5', songs: 's1' },
    ]);
  });

  it('says when your playlists cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/playlist/all': () =>
        fail
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { status: 200, body: mine },
    });
    const { dialog } = renderDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong');
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('button', { name: 'Road home' })).toBeInTheDocument();
  });

  it('closes with Escape and with its close button', async () => {
    mockApi({ 'GET /api/playlist/all': { status: 200, body: mine } });
    const { onClose } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('knows an exact name in any case, and filters by every word', () => {
    expect(hasExactMatch([playlist('p', 'Road Trip')], ' road trip ')).toBe(true);
    expect(hasExactMatch([playlist('p', 'Road Trip')], 'road')).toBe(false);
    expect(matchesFilter('Road  Trip', 'trip road')).toBe(true);
    expect(matchesFilter('Road  Trip', 'road home')).toBe(false);
  });
});

describe('adding a whole album', () => {
  it('adds every song in order, counting those already there', async () => {
    const songs = [makeSong('t1'), makeSong('t2'), makeSong('t3')];
    const calls = mockApi({
      'GET /api/playlist/all': { status: 200, body: [playlist('p1', 'Road trip')] },
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
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Road trip' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { songs: string }).songs),
    ).toEqual(['t1', 't2', 't3']);
    expect(await screen.findByText('Added 2 songs to “Road trip” (1 already there)')).toBeVisible();
  });
});
