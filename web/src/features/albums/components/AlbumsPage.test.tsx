import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALBUM_PAGE, type Album } from '@/lib/albums';
import { makeAlbum } from '@/test/albums';
import { InSession, mockApi, renderRoutes, type MockCall } from '@/test/utils';
import { AlbumsPage } from './AlbumsPage';

/** The albums the server has, answered by offset and limit as the API does. */
function serve(all: Album[]) {
  return (call: MockCall) => {
    const q = new URL(call.url, 'http://x').searchParams;
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 50);
    const years = q.get('decade') ? Number(q.get('decade')) : null;
    const list = all.filter((a) => years === null || (a.year >= years && a.year < years + 10));
    return { status: 200, body: { albums: list.slice(offset, offset + limit) } };
  };
}

function renderAlbums(path = '/albums') {
  return renderRoutes(
    [
      {
        path: '/albums',
        element: (
          <InSession>
            <AlbumsPage />
          </InSession>
        ),
      },
    ],
    path,
  );
}

const genres = { genres: [{ name: 'Jazz', songs: 3, albums: 1 }], decades: [1990, 2000] };

describe('the Albums view', () => {
  it('sorts and filters through the address bar and the API', async () => {
    const albums = [makeAlbum('a', { year: 1994 }), makeAlbum('b', { year: 2003 })];
    const calls = mockApi({
      'GET /api/albums': serve(albums),
      'GET /api/genres': { status: 200, body: genres },
    });
    const user = userEvent.setup();
    const { router } = renderAlbums();

    const grid = await screen.findByRole('list', { name: 'Albums' });
    expect(
      within(grid)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/album/a', '/album/b']);
    expect(screen.getByRole('button', { name: 'Recently added' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Most played' }));
    expect(router.state.location.search).toBe('?sort=plays');
    // The decades come from the server's list of the albums' decades.
    const decade = screen.getByRole('combobox', { name: 'Decade' });
    await within(decade).findByRole('option', { name: '2000s' });
    await user.selectOptions(decade, '2000s');
    expect(router.state.location.search).toBe('?sort=plays&decade=2000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Genre' }), 'Jazz');
    expect(router.state.location.search).toBe('?sort=plays&genre=Jazz&decade=2000');

    await screen.findByRole('button', { name: 'Clear filters' });
    const grid2 = await screen.findByRole('list', { name: 'Albums' });
    expect(
      within(grid2)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/album/b']);
    expect(calls.map((c) => c.url)).toContain(
      `/api/albums?sort=plays&genre=Jazz&decade=2000&limit=${ALBUM_PAGE}`,
    );
  });

  it('loads the next page with Load more, until a short page', async () => {
    const albums = Array.from({ length: ALBUM_PAGE + 3 }, (_, i) => makeAlbum(`x${i}`));
    mockApi({ 'GET /api/albums': serve(albums), 'GET /api/genres': { status: 200, body: genres } });
    const user = userEvent.setup();
    renderAlbums('/albums?sort=name');
    const grid = await screen.findByRole('list', { name: 'Albums' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(ALBUM_PAGE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: /Album x50/ });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(ALBUM_PAGE + 3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when no album matches, with a way back', async () => {
    mockApi({ 'GET /api/albums': serve([]), 'GET /api/genres': { status: 200, body: genres } });
    renderAlbums('/albums?decade=1950');
    expect(await screen.findByText('No albums match these filters')).toBeInTheDocument();
  });
});
