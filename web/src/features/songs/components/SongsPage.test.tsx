import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientState, setSearchTerm } from '@/lib/client-state';
import { makeSong } from '@/test/songs';
import { mockApi, renderRoutes } from '@/test/utils';
import { SongsPage } from './SongsPage';

const songs = [
  makeSong('a', { song: 'Midnight Harbour', artist: 'neon-harbor' }),
  makeSong('b', { song: 'Lofi Rain', artist: 'calm-cat' }),
  makeSong('c', { song: 'Sunrise', artist: 'lofi-girl' }),
];

beforeEach(() => {
  resetClientState();
  mockApi({ 'GET /api/search/all': { status: 200, body: songs } });
});

const names = () =>
  Array.from(
    screen.getByRole('list', { name: 'Songs' }).querySelectorAll('.song-row__title'),
    (n) => n.textContent,
  );

describe('the songs page', () => {
  it('lists every song under the heading Songs', async () => {
    renderRoutes([{ path: '/songs', element: <SongsPage /> }], '/songs');
    expect(screen.getByRole('heading', { level: 1, name: 'Songs' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Songs' });
    expect(names()).toEqual(['Midnight Harbour', 'Lofi Rain', 'Sunrise']);
  });

  it('filters by the shared search term in name or artist, and the chip clears it', async () => {
    const user = userEvent.setup();
    setSearchTerm('LOFI');
    renderRoutes([{ path: '/songs', element: <SongsPage /> }], '/songs');
    await screen.findByRole('list', { name: 'Songs' });
    expect(names()).toEqual(['Lofi Rain', 'Sunrise']);

    setSearchTerm('lofi girl');
    expect(await screen.findByText('1 result', { exact: false })).toBeInTheDocument();
    expect(names()).toEqual(['Sunrise']);

    await user.click(screen.getByRole('button', { name: 'Clear the search for “lofi girl”' }));
    expect(names()).toHaveLength(3);
  });

  it('says so when nothing matches', async () => {
    setSearchTerm('polka');
    renderRoutes([{ path: '/songs', element: <SongsPage /> }], '/songs');
    expect(await screen.findByText('No songs match “polka” yet')).toBeInTheDocument();
  });
});
