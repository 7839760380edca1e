import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDownloads, setDownloadsOwner } from '@/lib/offline/downloads';
import { storageKeys } from '@/lib/offline/keys';
import { getPlayerState, resetPlayer } from '@/lib/player-store';
import { writeLocal } from '@/lib/storage';
import { makeSong } from '@/test/songs';
import { mockApi, renderRoutes } from '@/test/utils';
import { SongList } from './SongList';

const songs = [
  makeSong('a', { song: 'Midnight Harbour', artist: 'neon-harbor', count: 12, duration: 74.2 }),
  makeSong('b', { song: 'Mine', artist: 'me-myself', mine: true, count: 1 }),
];

const liked = { 'GET /api/like/all': { status: 200, body: [] } };

function renderList(playlistId?: string, extra: Partial<Parameters<typeof SongList>[0]> = {}) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <SongList songs={songs} label="Songs" playlistId={playlistId} {...extra} />,
      },
    ],
    '/',
  );
}

const row = (name: string) =>
  screen.getAllByRole('listitem').find((li) => within(li).queryByText(name)) as HTMLElement;

beforeEach(() => resetPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the song list', () => {
  it('shows name, artist with spaces, plays and length, and the actions', () => {
    mockApi(liked);
    renderList();
    const first = row('Midnight Harbour');
    expect(within(first).getByRole('link', { name: 'neon harbor' })).toHaveAttribute(
      'href',
      '/artist/neon-harbor',
    );
    expect(first).toHaveTextContent('1:14');
    expect(first).toHaveTextContent('12 plays');
    // Every action names its song, so a list of them reads apart.
    for (const name of [
      'Play Midnight Harbour',
      'Add Midnight Harbour to playlist',
      'Like Midnight Harbour',
      'Share Midnight Harbour',
      'Download Midnight Harbour',
      'More options for Midnight Harbour',
    ]) {
      expect(within(first).getByRole('button', { name })).toBeEnabled();
    }
    expect(within(first).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(row('Mine')).getByRole('button', { name: 'Delete Mine' })).toBeInTheDocument();
    // One play is one play.
    expect(row('Mine')).toHaveTextContent('1 play');
    expect(row('Mine')).not.toHaveTextContent('1 plays');
  });

  it('hides the download action (and deleting the song) on a playlist', () => {
    mockApi(liked);
    renderList('p1');
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Like / })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it("opens the add-to-playlist dialog and the share panel for the row's song", async () => {
    mockApi({ ...liked, 'GET /api/playlist/all': { status: 200, body: [] } });
    renderList();
    await userEvent.click(
      within(row('Mine')).getByRole('button', { name: 'Add Mine to playlist' }),
    );
    const add = screen.getByRole('dialog', { name: 'Add to playlist' });
    expect(add).toHaveTextContent('Choose a playlist for “Mine”.');
    await userEvent.keyboard('{Escape}');
    expect(add).not.toBeInTheDocument();

    await userEvent.click(
      within(row('Midnight Harbour')).getByRole('button', { name: 'Share Midnight Harbour' }),
    );
    const share = screen.getByRole('dialog', { name: 'Share song' });
    expect(within(share).getByRole('textbox', { name: 'Link' })).toHaveValue(
      `${window.location.origin}/share?id=a&type=song`,
    );
  });

  it("reorders with Move up and Move down, Alt+arrows and the grip's arrows, and says so", async () => {
    mockApi(liked);
    const onMove = vi.fn();
    const onRemove = vi.fn();
    renderList('p1', { onMove, onRemove });
    const first = row('Midnight Harbour');
    const second = row('Mine');
    const up = within(first).getByRole('button', { name: 'Move Midnight Harbour up' });
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(up);
    expect(onMove).not.toHaveBeenCalled();

    await userEvent.click(
      within(first).getByRole('button', { name: 'Move Midnight Harbour down' }),
    );
    expect(onMove).toHaveBeenLastCalledWith(0, 1);
    expect(screen.getByText('Moved “Midnight Harbour” to position 2 of 2.')).toBeInTheDocument();

    within(second).getByRole('button', { name: 'Add Mine to playlist' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(onMove).toHaveBeenLastCalledWith(1, 0);

    within(second).getByRole('button', { name: 'Reorder Mine' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(onMove).toHaveBeenLastCalledWith(1, 0);
    await userEvent.keyboard('{ArrowDown}');
    expect(onMove).toHaveBeenCalledTimes(3); // past the end: nothing

    await userEvent.click(
      within(second).getByRole('button', { name: 'Remove Mine from playlist' }),
    );
    expect(onRemove).toHaveBeenCalledWith(songs[1]);
  });

  it('plays the list from the clicked row, and the play button pauses the current one', async () => {
    const user = userEvent.setup();
    mockApi(liked);
    renderList();
    await user.click(within(row('Mine')).getByText('Mine'));
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(['a', 'b']);
    expect(getPlayerState().index).toBe(1);
    expect(getPlayerState().playing).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Pause Mine' }));
    expect(getPlayerState().playing).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Play Midnight Harbour' }));
    expect(getPlayerState().index).toBe(0);
  });

  it('offline, greys the songs that were not downloaded and does not start them', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const first = songs[0]!;
    writeLocal(storageKeys.index('ada'), {
      songs: { a: { song: first, bytes: 1, savedAt: '2026-11-21T12:00:00Z' } },
      collections: [],
    });
    setDownloadsOwner('ada');
    try {
      mockApi(liked);
      renderList();
      const mine = within(row('Mine')).getByRole('button', { name: 'Play Mine' });
      expect(row('Mine')).toHaveClass('song-row--offline');
      expect(mine).toHaveAttribute('aria-disabled', 'true');
      expect(mine).toHaveAccessibleDescription('Not downloaded');
      expect(row('Midnight Harbour')).not.toHaveClass('song-row--offline');
      expect(within(row('Midnight Harbour')).getByText('Downloaded')).toBeInTheDocument();

      await user.click(within(row('Mine')).getByText('Mine'));
      await user.click(mine);
      expect(getPlayerState().index).toBe(-1);
      expect(
        await screen.findByText('“Mine” isn’t downloaded. Connect to the internet to play it.'),
      ).toBeInTheDocument();

      // The downloaded one plays, with the other kept in the queue for when the network is back.
      await user.click(within(row('Midnight Harbour')).getByText('Midnight Harbour'));
      expect(getPlayerState().queue.map((s) => s._id)).toEqual(['a', 'b']);
      expect(getPlayerState().index).toBe(0);
    } finally {
      vi.restoreAllMocks();
      resetDownloads();
      window.localStorage.clear();
    }
  });

  it('deletes an own song after asking first', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...liked,
      'DELETE /api/songs/b': { status: 200, body: { message: 'success' } },
    });
    renderList();
    await waitFor(() => expect(calls).toHaveLength(1));
    calls.length = 0;
    await user.click(within(row('Mine')).getByRole('button', { name: 'Delete Mine' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Mine”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);

    await user.click(within(row('Mine')).getByRole('button', { name: 'Delete Mine' }));
    await user.click(screen.getByRole('button', { name: 'Delete song' }));
    expect(await screen.findByText('Deleted “Mine”')).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'DELETE', url: '/api/songs/b', body: undefined });
    // Every list of songs refreshes, the liked ones too.
    expect(calls.slice(1)).toEqual([{ method: 'GET', url: '/api/like/all', body: undefined }]);
  });

  it('starts a song radio from the menu: its queue plays from the seed', async () => {
    const user = userEvent.setup();
    const radio = [songs[0], makeSong('c', { song: 'Harbour Lights' }), songs[1]];
    const calls = mockApi({
      ...liked,
      'GET /api/recommend/radio/a': { status: 200, body: radio },
      'GET /api/recommend/radio/b': { status: 404, body: { message: 'This song does not exist.' } },
    });
    renderList();
    await user.click(
      within(row('Midnight Harbour')).getByRole('button', {
        name: 'More options for Midnight Harbour',
      }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Start song radio' }));
    expect(await screen.findByText('Song radio from “Midnight Harbour”')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'GET', url: '/api/recommend/radio/a', body: undefined });
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(['a', 'c', 'b']);
    expect(getPlayerState().index).toBe(0);
    expect(getPlayerState().playing).toBe(true);

    // A song gone meanwhile says so and leaves the queue as it was.
    await user.click(within(row('Mine')).getByRole('button', { name: 'More options for Mine' }));
    await user.click(screen.getByRole('menuitem', { name: 'Start song radio' }));
    expect(await screen.findByText('This song does not exist.')).toBeInTheDocument();
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(['a', 'c', 'b']);
  });
});
