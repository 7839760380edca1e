import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Song, SongFeatures } from '@/lib/song';
import { makeSong } from '@/test/songs';
import { mockApi, renderRoutes } from '@/test/utils';
import { FEATURES_POLL_MS } from './get-song';
import { SongInfoDialog } from './SongInfoDialog';

const features: SongFeatures = {
  bpm: 127.6,
  key: 'A minor',
  tonic: 9,
  mode: 'minor',
  keyConfidence: 0.37,
  energy: 0.55,
  brightness: 0.32,
  percussiveness: 0.37,
  acousticness: 0.35,
  instrumentalness: 0.74,
  version: 1,
};

const listed = makeSong('s1', {
  song: 'Midnight Harbour',
  artist: 'neon-harbor',
  album: 'Night Shift',
  albumId: 'al1',
  genre: 'Synthwave',
  track: 2,
  disc: 1,
  year: 2024,
  count: 12,
});

function open(song: Song = listed) {
  return renderRoutes(
    [{ path: '/', element: <SongInfoDialog song={song} onClose={() => undefined} /> }],
    '/',
  );
}

/** The value shown under a label of the sound tiles. */
function stat(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the song info panel', () => {
  it('shows where the song belongs, its facts and its sound', async () => {
    mockApi({
      'GET /api/songs/s1': { status: 200, body: { ...listed, count: 13, features } },
    });
    open();
    const dialog = screen.getByRole('dialog', { name: 'Song info' });
    expect(within(dialog).getByRole('heading', { name: 'Midnight Harbour' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'neon harbor' })).toHaveAttribute(
      'href',
      '/artist/neon-harbor',
    );
    expect(within(dialog).getByRole('link', { name: 'Night Shift' })).toHaveAttribute(
      'href',
      '/album/al1',
    );
    expect(within(dialog).getByRole('link', { name: 'Synthwave' })).toHaveAttribute(
      'href',
      '/genre/Synthwave',
    );

    expect(await screen.findByRole('meter', { name: 'Energy' })).toHaveAttribute(
      'aria-valuenow',
      '55',
    );
    expect(stat('BPM')).toHaveTextContent('128');
    expect(stat('Key')).toHaveTextContent('A minor');
    expect(dialog).toHaveTextContent('Camelot 8A');
    expect(stat('Energy')).toHaveTextContent('55%');
    for (const [name, value] of [
      ['Brightness', '32'],
      ['Percussive', '37'],
      ['Acoustic', '35'],
      ['Instrumental', '74'],
    ]) {
      expect(screen.getByRole('meter', { name })).toHaveAttribute('aria-valuenow', value);
    }
    // The fresh answer replaces the list's count.
    expect(stat('Plays')).toHaveTextContent('13');
    expect(stat('Track')).toHaveTextContent('2 · Disc 1');
    expect(stat('Year')).toHaveTextContent('2024');
    expect(stat('Format')).toHaveTextContent('MP3');
    expect(screen.queryByText(/Still listening/)).toBeNull();
  });

  it('says it is still listening until the analysis ran, then shows the sound', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let analysed = false;
    const calls = mockApi({
      'GET /api/songs/s1': () => ({
        status: 200,
        body: { ...listed, features: analysed ? features : null },
      }),
    });
    open();
    expect(await screen.findByText('Still listening to this song…')).toBeInTheDocument();
    expect(screen.queryByRole('meter')).toBeNull();

    analysed = true;
    await act(() => vi.advanceTimersByTimeAsync(FEATURES_POLL_MS));
    expect(await screen.findByRole('meter', { name: 'Energy' })).toBeInTheDocument();
    expect(stat('BPM')).toHaveTextContent('128');
    expect(screen.queryByText(/Still listening/)).toBeNull();
    const asked = calls.length;

    // Once heard, it stops asking.
    await act(() => vi.advanceTimersByTimeAsync(FEATURES_POLL_MS * 3));
    expect(calls).toHaveLength(asked);
  });

  it('says why when the song cannot be loaded, and still shows what the list knew', async () => {
    mockApi({
      'GET /api/songs/s1': { status: 404, body: { message: 'This song does not exist.' } },
    });
    open();
    expect(await screen.findByText("We could not load this song's details")).toBeInTheDocument();
    expect(screen.getByText('This song does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Midnight Harbour' })).toBeInTheDocument();
  });

  it('shows a dash for a song without a steady beat', async () => {
    mockApi({
      'GET /api/songs/s1': {
        status: 200,
        body: { ...listed, features: { ...features, bpm: 0, key: '' } },
      },
    });
    open();
    await screen.findByRole('meter', { name: 'Energy' });
    expect(stat('BPM')).toHaveTextContent('—');
    expect(screen.getByText('No steady beat')).toBeInTheDocument();
    expect(stat('Key')).toHaveTextContent('—');
  });
});
