import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArtistDetail } from '@/lib/albums';
import { makeAlbum } from '@/test/albums';
import { makeSong } from '@/test/songs';
import { InSession, mockApi, renderRoutes } from '@/test/utils';
import { ArtistPage } from './ArtistPage';

function renderArtist(path: string) {
  return renderRoutes(
    [
      {
        path: '/artist/:name',
        element: (
          <InSession>
            <ArtistPage />
          </InSession>
        ),
      },
    ],
    path,
  );
}

const tagged: ArtistDetail = {
  artist: {
    _id: 'ar1',
    name: 'Neon Harbor',
    cover: '',
    coverSmall: '',
    songs: 2,
    albums: 2,
    userId: '',
  },
  songs: [
    ...['a', 'b', 'c', 'd', 'e'].map((id) =>
      makeSong(id, { artist: 'Neon Harbor', uploader: '', album: 'Night Drive', albumId: 'new' }),
    ),
    makeSong('s1', {
      song: 'Chrome Sunset',
      artist: 'Neon Harbor',
      uploader: '',
      count: 4,
      albumId: 'single1',
    }),
    makeSong('s2', {
      song: 'Velvet Highway',
      artist: 'Neon Harbor',
      uploader: '',
      count: 9,
      album: 'Tides',
      albumId: 'old',
    }),
  ],
  top: [makeSong('s2', { song: 'Velvet Highway', artist: 'Neon Harbor', uploader: '', count: 9 })],
  albums: [
    makeAlbum('new', { name: 'Night Drive', year: 2021 }),
    makeAlbum('single1', { name: 'Chrome Sunset', year: 2020 }),
    makeAlbum('old', { name: 'Tides', year: 1999 }),
  ],
};

describe('an artist page', () => {
  it('spells the name as the library does, with top songs and albums, and no Follow', async () => {
    mockApi({
      'GET /api/artists/neon%20harbor': { status: 200, body: tagged },
      'GET /api/auth/followings': { status: 200, body: [] },
    });
    renderArtist('/artist/neon%20harbor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Harbor' })).toBeVisible();
    expect(screen.getByText('7 songs · 2 albums · 13 plays')).toBeInTheDocument();
    const top = screen.getByRole('list', { name: 'Most played songs by Neon Harbor' });
    expect(within(top).getAllByRole('listitem')).toHaveLength(1);
    // 'Chrome Sunset' is a single (its song has no album tag): the song list has it.
    const albums = screen.getByRole('list', { name: 'Albums by Neon Harbor' });
    expect(
      within(albums)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Night Drive2021', 'Tides1999']);
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View profile' })).toBeNull();
  });

  it("links an uploader's page to their profile, and follows them", async () => {
    const uploader: ArtistDetail = {
      ...tagged,
      artist: { ...tagged.artist, name: 'tide-pool', userId: 'u9' },
    };
    let followed = false;
    const calls = mockApi({
      'GET /api/artists/tide-pool': { status: 200, body: uploader },
      'GET /api/auth/followings': () => ({
        status: 200,
        body: followed
          ? [{ _id: 'f1', followingusername: 'tide-pool', userId: 'u9', since: '' }]
          : [],
      }),
      'GET /api/auth/all': { status: 200, body: { users: [] } },
      'GET /api/feed': { status: 200, body: [] },
      'POST /api/auth/allfollow': () => {
        followed = true;
        return { status: 200, body: { message: 'success' } };
      },
    });
    const user = userEvent.setup();
    renderArtist('/artist/tide-pool');
    expect(await screen.findByRole('heading', { level: 1, name: 'tide pool' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View profile' })).toHaveAttribute(
      'href',
      '/followuser?username=tide-pool',
    );
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 'u9' });
  });

  it('lists the songs a featured artist appears on, each artist of them a link', async () => {
    const duet = makeSong('d1', {
      song: 'Duet',
      artist: 'Neon Harbor feat. Mara',
      uploader: '',
      artistId: 'ar1',
      artists: [
        { id: 'ar1', name: 'Neon Harbor', role: 'artist' },
        { id: 'ar2', name: 'Mara', role: 'featured' },
      ],
    });
    const mara: ArtistDetail = {
      artist: {
        _id: 'ar2',
        name: 'Mara',
        cover: '',
        coverSmall: '',
        songs: 1,
        albums: 0,
        userId: '',
      },
      songs: [duet],
      top: [duet],
      albums: [],
    };
    mockApi({
      'GET /api/artists/ar2': { status: 200, body: mara },
      'GET /api/auth/followings': { status: 200, body: [] },
    });
    renderArtist('/artist/ar2');
    const list = await screen.findByRole('list', { name: 'Songs Mara is featured on' });
    expect(screen.queryByRole('list', { name: 'Songs by Mara' })).toBeNull();
    expect(within(list).getByRole('link', { name: 'Neon Harbor' })).toHaveAttribute(
      'href',
      '/artist/ar1',
    );
    expect(within(list).getByRole('link', { name: 'Mara' })).toHaveAttribute('href', '/artist/ar2');
    expect(within(list).getByText('feat.', { exact: false })).toBeInTheDocument();
  });
});
