import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { songsAbcd } from '@/test/songs';
import { getLiveStation, setLiveStation } from './live-radio';
import {
  cancelSleepTimer,
  currentSong,
  getPlayerState,
  playSongs,
  resetPlayer,
  setPlaying,
  setRepeat,
  setSleepTimer,
  songEnded,
  upNext,
  type SleepClock,
} from './player-store';
import { makeStation } from '@/test/live-station';

const current = () => currentSong(getPlayerState())?._id ?? null;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T22:00:00Z'));
  resetPlayer();
});

afterEach(() => {
  resetPlayer();
  setLiveStation(null);
  vi.useRealTimers();
});

describe('the sleep timer', () => {
  it('pauses after the chosen minutes, and says when', () => {
    playSongs(songsAbcd(), 0);
    setSleepTimer(15);
    expect(getPlayerState().sleep).toEqual({
      option: 15,
      endsAt: Date.parse('2026-11-21T22:15:00Z'),
    });
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect(getPlayerState().playing).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getPlayerState().playing).toBe(false);
    expect(getPlayerState().sleep).toBeNull();
    // The song stays where it was.
    expect(current()).toBe('a');
  });

  it('a new choice replaces the old one, and cancel keeps playing', () => {
    playSongs(songsAbcd(), 0);
    setSleepTimer(60);
    setSleepTimer(30);
    vi.advanceTimersByTime(30 * 60_000);
    expect(getPlayerState().playing).toBe(false);

    setPlaying(true);
    vi.advanceTimersByTime(60 * 60_000);
    expect(getPlayerState().playing).toBe(true);

    setSleepTimer(15);
    cancelSleepTimer();
    expect(getPlayerState().sleep).toBeNull();
    vi.advanceTimersByTime(15 * 60_000);
    expect(getPlayerState().playing).toBe(true);
  });

  it('at the end of the song pauses on the song that comes next', () => {
    playSongs(songsAbcd(), 1);
    setSleepTimer('end');
    // Nothing is buffered to follow: the player stops after this song.
    expect(upNext()).toBe(-1);
    songEnded();
    expect(current()).toBe('c');
    expect(getPlayerState().playing).toBe(false);
    expect(getPlayerState().sleep).toBeNull();
    expect(upNext()).toBe(3);

    // Repeat one: the same song, back at its start.
    setRepeat('one');
    setPlaying(true);
    setSleepTimer('end');
    songEnded();
    expect(current()).toBe('c');
    expect(getPlayerState().time).toBe(0);
    expect(getPlayerState().playing).toBe(false);

    // On the last song it stops there, as the end of the queue does.
    playSongs(songsAbcd(), 3);
    setRepeat('off');
    setSleepTimer('end');
    songEnded();
    expect(current()).toBe('d');
    expect(getPlayerState().playing).toBe(false);
  });

  it('stops the radio too', () => {
    const stop = vi.fn(() => setLiveStation(null));
    setLiveStation(makeStation(), {
      stop,
      resume: () => undefined,
      setVolume: () => undefined,
      toggleMute: () => undefined,
    });
    setSleepTimer(15);
    vi.advanceTimersByTime(15 * 60_000);
    expect(stop).toHaveBeenCalledOnce();
    expect(getLiveStation()).toBeNull();
  });

  it('runs on the clock it is given', () => {
    const waits: { fn: () => void; ms: number }[] = [];
    const clock: SleepClock = {
      now: () => 1_000,
      setTimeout: (fn, ms) => waits.push({ fn, ms }),
      clearTimeout: () => undefined,
    };
    playSongs(songsAbcd(), 0);
    setSleepTimer(30, clock);
    expect(getPlayerState().sleep?.endsAt).toBe(1_000 + 30 * 60_000);
    expect(waits.map((w) => w.ms)).toEqual([30 * 60_000]);
    waits[0]?.fn();
    expect(getPlayerState().playing).toBe(false);
  });

  it('goes away with the player', () => {
    playSongs(songsAbcd(), 0);
    setSleepTimer(15);
    resetPlayer();
    playSongs(songsAbcd(), 0);
    vi.advanceTimersByTime(15 * 60_000);
    expect(getPlayerState().playing).toBe(true);
  });
});
