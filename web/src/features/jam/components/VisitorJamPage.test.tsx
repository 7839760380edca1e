import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '@/lib/client-state';
import { mockApi, renderRoutes } from '@/test/utils';
import type { VisitorJam } from '../api/jams';
import { JamPage } from './JamPage';

const routes = [
  { path: '/jam/:id', element: <JamPage /> },
  { path: '/login', element: <p>login page</p> },
];

const song = (id: string, name: string) => ({
  _id: id,
  song: name,
  artist: 'Neon Harbor',
  cover: '/c.jpg',
  coverSmall: '/c-s.jpg',
  duration: 40,
  audio: '',
});

const jam: VisitorJam = {
  id: 'j1',
  host: { username: 'ana' },
  visitor: true,
  member: false,
  ended: false,
  listeners: 3,
  version: 4,
  playing: true,
  position: 12,
  serverTime: Date.now(),
  queue: [
    { id: 'e1', song: song('s1', 'Midnight Harbour'), addedBy: { username: 'ben' } },
    { id: 'e2', song: song('s2', 'Velvet Highway'), addedBy: null, reason: 'For ana and ben' },
  ],
  more: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetClientState();
});

describe('a Jam for someone signed out', () => {
  it('with the listen-only link: the Jam to hear, and nothing to change it with', async () => {
    const calls = mockApi({
      'GET /api/jams/j1/listen': { status: 200, body: jam },
      'GET /api/time': { status: 200, body: { now: Date.now() } },
    });
    renderRoutes(routes, '/jam/j1?listen=the-key');
    expect(await screen.findByRole('heading', { name: "ana's Jam" })).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/jams/j1/listen'))?.url).toBe(
      '/api/jams/j1/listen?key=the-key',
    );
    const now = screen.getByRole('region', { name: 'Now playing in the Jam' });
    expect(within(now).getByText('Midnight Harbour')).toBeInTheDocument();
    expect(within(now).getByText('Added by ben')).toBeInTheDocument();
    expect(screen.getByText('3 listeners')).toBeInTheDocument();
    const next = screen.getByRole('list', { name: 'Up next in the Jam' });
    expect(within(next).getByText('For ana and ben')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Listen' })).toBeEnabled();
    for (const link of screen.getAllByRole('link', { name: 'Sign in to join' })) {
      expect(link).toHaveAttribute('href', '/login?next=%2Fjam%2Fj1');
    }
    for (const control of [/Pause/, /Play for/, /Vote/, /Next/, /Remove/, /Join the Jam/]) {
      expect(screen.queryByRole('button', { name: control })).toBeNull();
    }
    expect(screen.queryByRole('searchbox')).toBeNull();

    // A song without a visitor's link (a format only signed-in players get) says so.
    fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
    expect(await screen.findByRole('button', { name: 'Stop listening' })).toBeInTheDocument();
    expect(within(now).getByText(/plays only for people signed in/)).toBeInTheDocument();
  });

  it('says so when the Jam has ended', async () => {
    mockApi({
      'GET /api/jams/j1/listen': { status: 410, body: { message: 'This Jam has ended.' } },
    });
    renderRoutes(routes, '/jam/j1?listen=the-key');
    expect(await screen.findByText('This Jam has ended')).toBeInTheDocument();
  });

  it('says so when the host turned the link off', async () => {
    mockApi({
      'GET /api/jams/j1/listen': { status: 403, body: { message: 'No.' } },
    });
    renderRoutes(routes, '/jam/j1?listen=old-key');
    expect(await screen.findByText('This listen-only link no longer works')).toBeInTheDocument();
  });

  it('without the link: signs in first, then comes back', async () => {
    mockApi({});
    const { router } = renderRoutes(routes, '/jam/j1');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/jam/j1');
  });
});
