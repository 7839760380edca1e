import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPlayerState, playSongs, resetPlayer } from '@/lib/player-store';
import { makeSong } from '@/test/songs';
import { renderRoutes } from '@/test/utils';
import { PlaylistControls } from './PlaylistControls';

const songs = [
  makeSong('a', { song: 'Midnight Harbour', text: 'Lights on the water' }),
  makeSong('b', { song: 'Dandelion Road' }),
  makeSong('c'),
];

function renderControls() {
  return renderRoutes([{ path: '/', element: <PlaylistControls songs={songs} /> }], '/');
}

beforeEach(() => resetPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the playlist controls', () => {
  it('says when the browser cannot listen, and the microphone stays off', () => {
    vi.stubGlobal('SpeechRecognition', undefined);
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    renderControls();
    expect(screen.getByText("Browser doesn't support speech recognition.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Microphone: off' })).toBeDisabled();
  });

  it('switches the microphone label where the browser can listen', async () => {
    vi.stubGlobal('webkitSpeechRecognition', function Recognition() {});
    renderControls();
    expect(screen.queryByText("Browser doesn't support speech recognition.")).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Microphone: off' }));
    expect(screen.getByRole('button', { name: 'Microphone: on' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('plays all in order, or shuffled from a random song', async () => {
    renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(['a', 'b', 'c']);
    expect(getPlayerState().shuffle).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    const state = getPlayerState();
    expect(state.shuffle).toBe(true);
    expect(state.playing).toBe(true);
    expect(state.original?.map((s) => s._id)).toEqual(['a', 'b', 'c']);
    expect([...state.queue.map((s) => s._id)].sort()).toEqual(['a', 'b', 'c']);
  });

  it("shows the current song's words in the transcript, or says there are none", async () => {
    renderControls();
    const toggle = screen.getByRole('button', { name: 'Transcript' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const region = screen.getByRole('region', { name: 'Transcript' });
    expect(region).toHaveTextContent('No transcript yet.');
    playSongs(songs, 0);
    expect(await screen.findByText('Lights on the water')).toBeInTheDocument();
    playSongs(songs, 1);
    expect(await screen.findByText('No transcript yet.')).toBeInTheDocument();
    expect(region).toHaveTextContent('Dandelion Road');
  });
});
