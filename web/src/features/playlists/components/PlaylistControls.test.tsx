import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPlayerState, playSongs, resetPlayer } from '@/lib/player-store';
import type { Song } from '@/lib/song';
import { makeSong } from '@/test/songs';
import { mockApi, renderRoutes } from '@/test/utils';
import type { SpeechResultEvent } from '../voice';
import { PlaylistControls } from './PlaylistControls';

const songs = [
  makeSong('a', { song: 'Midnight Harbour', text: 'Lights on the water' }),
  makeSong('b', { song: 'Dandelion Road' }),
  makeSong('c'),
];

function renderControls(list: Song[] = songs) {
  return renderRoutes(
    [{ path: '/', element: <PlaylistControls songs={list} name="Road trip" /> }],
    '/',
  );
}

/** A speech recognition the test speaks through. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  continuous = false;
  interimResults = false;
  lang = '';
  onresult: ((event: SpeechResultEvent) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = vi.fn();
  abort = vi.fn();

  constructor() {
    FakeRecognition.last = this;
  }

  say(words: string) {
    act(() =>
      this.onresult?.({ resultIndex: 0, results: [{ isFinal: true, 0: { transcript: words } }] }),
    );
  }
}

function Recorder() {}

/** The browser as the test wants it: speech recognition, a recorder, both or neither. */
function browserWith({ speech, recorder }: { speech: boolean; recorder: boolean }) {
  vi.stubGlobal('SpeechRecognition', undefined);
  vi.stubGlobal('webkitSpeechRecognition', speech ? FakeRecognition : undefined);
  vi.stubGlobal('MediaRecorder', recorder ? Recorder : undefined);
  if (recorder) {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(() => new Promise(() => undefined)) },
    });
  }
}

const SPEC_TEXT = "Browser doesn't support speech recognition.";

beforeEach(() => {
  resetPlayer();
  FakeRecognition.last = null;
});
afterEach(() => vi.unstubAllGlobals());

describe('the microphone', () => {
  it.each([
    ['speech recognition', { speech: true, recorder: false }],
    ['only a recorder', { speech: false, recorder: true }],
    ['both', { speech: true, recorder: true }],
  ])('can be turned on with %s, and the unsupported message stays away', async (_, browser) => {
    browserWith(browser);
    renderControls();
    expect(screen.queryByText(SPEC_TEXT)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Microphone: off' }));
    expect(screen.getByRole('button', { name: 'Microphone: on' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('status', { name: 'Voice commands' })).toHaveTextContent(
      'Listening: say start, shuffle, pause, previous, next or play, or ask for “play something calm”.',
    );
    // The microphone is asked for only now, one way or the other.
    if (browser.speech) expect(FakeRecognition.last?.start).toHaveBeenCalled();
    else expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ audio: true });
  });

  it('says when the browser cannot listen at all, and stays off', () => {
    browserWith({ speech: false, recorder: false });
    renderControls();
    expect(screen.getByText(SPEC_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Microphone: off' })).toBeDisabled();
  });

  it('asks for nothing before it is turned on', () => {
    browserWith({ speech: true, recorder: true });
    renderControls();
    expect(FakeRecognition.last).toBeNull();
    expect(navigator.mediaDevices.getUserMedia).not.toHaveBeenCalled();
  });

  it('runs what it hears on this playlist and shows what was heard', async () => {
    browserWith({ speech: true, recorder: false });
    renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'Microphone: off' }));
    const rec = FakeRecognition.last!;

    rec.say('start');
    expect(getPlayerState()).toMatchObject({ index: 0, playing: true });
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(['a', 'b', 'c']);
    rec.say('next please');
    expect(getPlayerState().index).toBe(1);
    expect(screen.getByRole('status', { name: 'Voice commands' })).toHaveTextContent(
      'Heard: next please',
    );
    expect(screen.getByRole('status', { name: 'Voice commands' })).toHaveTextContent('next');
    rec.say('pause');
    expect(getPlayerState().playing).toBe(false);
    rec.say('play');
    expect(getPlayerState()).toMatchObject({ index: 1, playing: true });
    rec.say('previous');
    expect(getPlayerState().index).toBe(0);
    rec.say('shuffle');
    expect(getPlayerState().shuffle).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Microphone: on' }));
    expect(rec.abort).toHaveBeenCalled();
    expect(screen.queryByRole('status', { name: 'Voice commands' })).toBeNull();
  });

  it('records for the server instead when the browser’s recognition service cannot work', async () => {
    browserWith({ speech: true, recorder: true });
    renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'Microphone: off' }));
    expect(navigator.mediaDevices.getUserMedia).not.toHaveBeenCalled();
    act(() => FakeRecognition.last!.onerror?.({ error: 'network' }));
    expect(FakeRecognition.last!.abort).toHaveBeenCalled();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(screen.getByRole('button', { name: 'Microphone: on' })).toBeInTheDocument();
  });

  it('turns itself off and says why when the microphone is refused', async () => {
    browserWith({ speech: true, recorder: false });
    renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'Microphone: off' }));
    act(() => FakeRecognition.last!.onerror?.({ error: 'not-allowed' }));
    expect(screen.getByRole('button', { name: 'Microphone: off' })).toBeEnabled();
    expect(screen.getByText(/^Musicify may not use the microphone/)).toHaveAttribute(
      'role',
      'alert',
    );
  });
});

describe('the playing buttons', () => {
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
});

describe('the transcript', () => {
  async function openTranscript() {
    const toggle = screen.getByRole('button', { name: 'Transcript' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    return screen.getByRole('region', { name: 'Transcript' });
  }

  it("shows the current song's words, or says there are none", async () => {
    renderControls();
    const region = await openTranscript();
    expect(region).toHaveTextContent('No transcript yet.');
    act(() => playSongs(songs, 0));
    expect(region).toHaveTextContent('Lights on the water');
    act(() => playSongs(songs, 1));
    expect(region).toHaveTextContent('Dandelion Road');
    expect(region).toHaveTextContent('No transcript yet.');
  });

  it.each([
    ['failed', 'We could not write down the words of this song.'],
    ['done', 'No words were heard in this song.'],
    ['none', 'No transcript yet.'],
  ] as const)('says so when the transcript is %s without words', async (transcript, text) => {
    const song = makeSong('t', { song: 'Hum', transcript, text: '' });
    renderControls([song]);
    const region = await openTranscript();
    act(() => playSongs([song], 0));
    expect(region).toHaveTextContent(text);
  });

  it('says it is transcribing, and looks again until the words are written', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const pending = makeSong('t', { song: 'Hum', transcript: 'pending', text: '' });
    const calls = mockApi({
      'GET /api/songs/t': () => {
        answers += 1;
        return {
          status: 200,
          body: answers < 2 ? pending : { ...pending, transcript: 'done', text: 'la la la' },
        };
      },
    });
    try {
      renderControls([pending]);
      const region = await openTranscript();
      act(() => playSongs([pending], 0));
      expect(region).toHaveTextContent('Transcribing…');
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(calls).toHaveLength(1);
      expect(region).toHaveTextContent('Transcribing…');
      await act(() => vi.advanceTimersByTimeAsync(4000));
      expect(calls).toHaveLength(2);
      expect(region).toHaveTextContent('la la la');
      await act(() => vi.advanceTimersByTimeAsync(12000));
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says why when it cannot look at the transcript again', async () => {
    const pending = makeSong('t', { song: 'Hum', transcript: 'pending', text: '' });
    mockApi({
      'GET /api/songs/t': { status: 404, body: { message: 'This song does not exist.' } },
    });
    renderControls([pending]);
    const region = await openTranscript();
    act(() => playSongs([pending], 0));
    expect(await within(region).findByRole('alert')).toHaveTextContent('This song does not exist.');
    expect(region).not.toHaveTextContent('Transcribing…');
  });
});
