import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getPlayerState, resetPlayer } from '@/lib/player-store';
import { makeSong } from '@/test/songs';
import { mockApi, renderRoutes } from '@/test/utils';
import { SongList } from './SongList';

const songs = [
  makeSong('a', { song: 'Midnight Harbour', artist: 'neon-harbor', count: 12, duration: 74.2 }),
  makeSong('b', { song: 'Mine', artist: 'me-myself', mine: true }),
];

function renderList(playlistId?: string) {
  return renderRoutes(
    [{ path: '/', element: <SongList songs={songs} label="Songs" playlistId={playlistId} /> }],
    '/',
  );
}

const row = (name: string) =>
  screen.getAllByRole('listitem').find((li) => within(li).queryByText(name)) as HTMLElement;

beforeEach(() => resetPlayer());

describe('the song list', () => {
  it('shows name, artist with spaces, plays and length, and the actions', () => {
    renderList();
    const first = row('Midnight Harbour');
    expect(within(first).getByRole('link', { name: 'neon harbor' })).toHaveAttribute(
      'href',
      '/artist/neon-harbor',
    );
    expect(first).toHaveTextContent('1:14');
    expect(first).toHaveTextContent('12 plays');
    for (const name of ['Add to playlist', 'Like', 'Share']) {
      const button = within(first).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'Available soon');
    }
    expect(within(first).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(within(first).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(row('Mine')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('hides the download action on a playlist', () => {
    renderList('p1');
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Like' })).toHaveLength(2);
  });

  it('plays the list from the clicked row, and the play button pauses the current one', async () => {
    const user = userEvent.setup();
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

  it('deletes an own song after asking first', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'DELETE /api/songs/b': { status: 200, body: { message: 'success' } },
    });
    renderList();
    await user.click(within(row('Mine')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Mine”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);

    await user.click(within(row('Mine')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete song' }));
    expect(await screen.findByText('Deleted “Mine”')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/songs/b', body: undefined }]);
  });
});
