import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClockSync } from '@/lib/clock-sync';
import type { TunedState } from '../live/radio-live';
import { AUDIO_FAILED, useStationAudio, type Sound } from './use-station-audio';

const tuned: TunedState = { station: 's1', start: 0, loopStart: 0, duration: 12 };
const sound: Sound = { volume: 1, muted: false };
const URL_A = '/media/radio/s1/audio.mp3';

/** Sets what jsdom's audio cannot: its state, as a browser would report it. */
function stub(el: HTMLAudioElement, props: Record<string, unknown>) {
  for (const [key, value] of Object.entries(props)) {
    Object.defineProperty(el, key, { value, configurable: true, writable: true });
  }
}

function refused(name: string) {
  return () => Promise.reject(new DOMException('refused', name));
}

/** The real jsdom <audio>, with play() and pause() standing in for a browser's. */
function setup(play: () => Promise<void> = () => Promise.resolve()) {
  const el = document.createElement('audio');
  const playSpy = vi.fn(play);
  stub(el, { play: playSpy, pause: vi.fn() });
  const clock = new ClockSync();
  clock.add({ t0: 0, t1: 0, t2: 0, t3: 0 });
  const audioRef = { current: el };
  const hook = renderHook(
    ({ url, t }: { url: string | null; t: TunedState | null }) =>
      useStationAudio(audioRef, clock, t, url, sound),
    { initialProps: { url: URL_A as string | null, t: tuned as TunedState | null } },
  );
  return { el, play: playSpy, ...hook };
}

/** The audio fails as a browser says it: `error` set, then an 'error' event. */
function failWith(el: HTMLAudioElement, code: number) {
  stub(el, { error: { code, message: '' } });
  act(() => {
    el.dispatchEvent(new Event('error'));
  });
}

/** The audio has loaded enough to know its length: the hook jumps to its place and plays. */
async function loaded(el: HTMLAudioElement) {
  stub(el, { readyState: 1 });
  await act(async () => {
    el.dispatchEvent(new Event('loadedmetadata'));
    await Promise.resolve();
  });
}

describe('useStationAudio', () => {
  it('says the file cannot be played when the browser cannot load it', () => {
    const { el, result } = setup();
    expect(result.current.failed).toBeNull();
    failWith(el, 4); // MEDIA_ERR_SRC_NOT_SUPPORTED: a 404, a 403 or an unknown format
    expect(result.current.failed).toMatch(/missing or in a format this browser cannot play/);
    expect(result.current.failed).toMatch(/ask its creator to upload it again/i);
    expect(result.current.blocked).toBe(false);
  });

  it('tells a network failure apart', () => {
    const { el, result } = setup();
    failWith(el, 2); // MEDIA_ERR_NETWORK
    expect(result.current.failed).toMatch(/check your connection/i);
  });

  it('notices a file that failed before the station was tuned in', () => {
    const el = document.createElement('audio');
    el.src = URL_A;
    stub(el, { error: { code: 3, message: '' }, play: vi.fn(), pause: vi.fn() });
    const clock = new ClockSync();
    const audioRef = { current: el };
    const { result } = renderHook(() => useStationAudio(audioRef, clock, tuned, URL_A, sound));
    expect(result.current.failed).toMatch(/damaged/);
  });

  it('asks for a click only when play() is refused for want of one', async () => {
    const { el, result, play } = setup(refused('NotAllowedError'));
    await loaded(el);
    expect(play).toHaveBeenCalled();
    await waitFor(() => expect(result.current.blocked).toBe(true));
    expect(result.current.failed).toBeNull();
  });

  it('reports any other refusal of play() as a failure, not as blocked', async () => {
    const { el, result } = setup(refused('NotSupportedError'));
    await loaded(el);
    await waitFor(() => expect(result.current.failed).toBe(AUDIO_FAILED));
    expect(result.current.blocked).toBe(false);
  });

  it('stops trying to play once the audio failed', async () => {
    vi.useFakeTimers();
    try {
      const { el, play } = setup(refused('NotSupportedError'));
      failWith(el, 4);
      stub(el, { readyState: 1 });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      expect(play).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('resume reports a failure instead of doing nothing', async () => {
    const { el, result } = setup(refused('NotAllowedError'));
    await loaded(el);
    await waitFor(() => expect(result.current.blocked).toBe(true));

    // The click plays nothing: the file cannot be played.
    stub(el, {
      error: { code: 4, message: '' },
      play: vi.fn(refused('NotSupportedError')),
    });
    await act(async () => {
      result.current.resume();
      await Promise.resolve();
    });
    await waitFor(() => expect(result.current.failed).toMatch(/missing or in a format/));
    expect(result.current.blocked).toBe(false);
  });

  it('resume keeps the button while play() is still refused for want of a click', async () => {
    const { el, result } = setup(refused('NotAllowedError'));
    await loaded(el);
    await waitFor(() => expect(result.current.blocked).toBe(true));
    await act(async () => {
      result.current.resume();
      await Promise.resolve();
    });
    expect(result.current.failed).toBeNull();
    expect(result.current.blocked).toBe(true);
  });

  it('stays unblocked once a click started the audio', async () => {
    const { el, result } = setup(refused('NotAllowedError'));
    await loaded(el);
    await waitFor(() => expect(result.current.blocked).toBe(true));

    stub(el, { play: vi.fn(() => Promise.resolve()) });
    await act(async () => {
      result.current.resume();
      await Promise.resolve();
    });
    expect(result.current.blocked).toBe(false);

    // Playing now: the next check must not bring the button back.
    stub(el, { paused: false, readyState: 4 });
    await act(async () => {
      el.dispatchEvent(new Event('loadedmetadata'));
      await Promise.resolve();
    });
    expect(result.current.drift).not.toBeNull();
    expect(result.current.blocked).toBe(false);
  });

  it('forgets the failure when the station or its audio changes', () => {
    const { el, result, rerender } = setup();
    failWith(el, 4);
    expect(result.current.failed).not.toBeNull();

    stub(el, { error: null });
    rerender({ url: '/media/radio/s1/audio-2.mp3', t: tuned });
    expect(result.current.failed).toBeNull();

    failWith(el, 4);
    expect(result.current.failed).not.toBeNull();
    stub(el, { error: null });
    rerender({ url: '/media/radio/s1/audio-2.mp3', t: { ...tuned, station: 's2' } });
    expect(result.current.failed).toBeNull();
  });

  it('ignores the error of a file other than its own', () => {
    const { el, result } = setup();
    el.src = '/media/radio/s2/audio.mp3';
    failWith(el, 4);
    expect(result.current.failed).toBeNull();
  });
});
