import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/songs';
import {
  currentSong,
  getPlayerState,
  next,
  playSongs,
  resetPlayer,
  setRepeat,
} from '@/lib/player-store';
import { reloadPlaybackSettings, setCrossfade, setNormalize } from '@/lib/playback-settings';
import { AudioEngine } from './engine';

/**
 * An <audio> element whose media state the test sets: jsdom loads and plays
 * nothing. play() and pause() flip `paused` and fire their events, as a
 * browser does; setting src resets the element as a load does.
 */
function fakeAudio() {
  const el = document.createElement('audio');
  const media = { paused: true, duration: NaN, currentTime: 0, readyState: 0, ended: false };
  for (const key of Object.keys(media) as (keyof typeof media)[]) {
    Object.defineProperty(el, key, {
      get: () => media[key],
      set: (v: never) => {
        media[key] = v;
      },
      configurable: true,
    });
  }
  Object.defineProperty(el, 'src', {
    get: () => el.getAttribute('src') ?? '',
    set: (v: string) => {
      el.setAttribute('src', v);
      Object.assign(media, { paused: true, duration: NaN, currentTime: 0, readyState: 0 });
    },
  });
  el.play = vi.fn(() => {
    media.paused = false;
    el.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  el.pause = vi.fn(() => {
    if (media.paused) return;
    media.paused = true;
    el.dispatchEvent(new Event('pause'));
  });
  el.load = vi.fn();
  /** The browser has read the song's length and buffered some of it. */
  const loaded = (duration: number) => {
    Object.assign(media, { duration, readyState: 4 });
    el.dispatchEvent(new Event('loadedmetadata'));
  };
  /** The song played on to `time`. */
  const at = (time: number) => {
    media.currentTime = time;
    el.dispatchEvent(new Event('timeupdate'));
  };
  /** The song reached its end. */
  const end = () => {
    Object.assign(media, { currentTime: media.duration, paused: true });
    el.dispatchEvent(new Event('pause'));
    el.dispatchEvent(new Event('ended'));
  };
  return { el, loaded, at, end };
}

const songs = [
  makeSong('a', { duration: 200, loudness: -8 }),
  makeSong('b', { duration: 180 }),
  makeSong('c', { duration: 150 }),
];

let decks: ReturnType<typeof fakeAudio>[];
let engine: AudioEngine;
const events = { onListened: vi.fn(), onError: vi.fn() };

/** Feeds the store's current play to the engine, as the hook does after each change. */
function sync() {
  const s = getPlayerState();
  engine.load(currentSong(s), s.playId);
  engine.play(s.playing, s.playId);
}

const deckOf = (el: HTMLAudioElement) => decks.find((d) => d.el === el)!;
const current = () => deckOf(engine.decks.current);
const spare = () => deckOf(engine.decks.spare);

beforeEach(() => {
  resetPlayer();
  decks = [fakeAudio(), fakeAudio()];
  engine = new AudioEngine([decks[0]!.el, decks[1]!.el], () => events);
  playSongs(songs, 0);
  sync();
  current().loaded(200);
});

afterEach(() => {
  engine.dispose();
  localStorage.clear();
  reloadPlaybackSettings();
});

describe('the audio engine', () => {
  it('plays the current song on the element marked current', () => {
    expect(current().el.getAttribute('src')).toBe(songs[0]!.audio);
    expect(current().el.dataset.current).toBe('true');
    expect(spare().el.dataset.current).toBeUndefined();
    expect(current().el.paused).toBe(false);
  });

  it('buffers the next song in the other element only near the end', () => {
    current().at(100);
    expect(spare().el.getAttribute('src')).toBeNull();
    current().at(171);
    expect(spare().el.getAttribute('src')).toBe(songs[1]!.audio);
    expect(spare().el.preload).toBe('auto');
    expect(spare().el.paused).toBe(true);
  });

  it('at the end, starts the buffered song at once and moves the store on without a reload', () => {
    current().at(190);
    const incoming = spare();
    incoming.loaded(180);
    const before = getPlayerState().playId;
    current().end();
    // The element that buffered it plays it, in the same turn as 'ended'.
    expect(incoming.el.play).toHaveBeenCalledTimes(1);
    expect(engine.decks.current).toBe(incoming.el);
    expect(incoming.el.dataset.current).toBe('true');
    expect(getPlayerState().index).toBe(1);
    expect(getPlayerState().playId).toBe(before + 1);
    expect(getPlayerState().playing).toBe(true);
    // The store's new play is the one already playing: nothing loads again.
    sync();
    expect(incoming.el.getAttribute('src')).toBe(songs[1]!.audio);
    expect(incoming.el.play).toHaveBeenCalledTimes(1);
    expect(incoming.el.paused).toBe(false);
  });

  it('plays the same song again on repeat one, from the other element', () => {
    setRepeat('one');
    current().at(190);
    const incoming = spare();
    expect(incoming.el.getAttribute('src')).toBe(songs[0]!.audio);
    current().end();
    expect(engine.decks.current).toBe(incoming.el);
    expect(getPlayerState().index).toBe(0);
  });

  it('loads the next song the old way when it was not buffered in time', () => {
    const first = current();
    first.end();
    sync();
    expect(getPlayerState().index).toBe(1);
    expect(engine.decks.current).toBe(first.el);
    expect(first.el.getAttribute('src')).toBe(songs[1]!.audio);
  });

  it('stops at the end of the queue', () => {
    playSongs(songs, 2);
    sync();
    current().loaded(150);
    current().at(140);
    expect(spare().el.getAttribute('src')).not.toBe(songs[0]!.audio);
    current().end();
    expect(getPlayerState().playing).toBe(false);
    expect(getPlayerState().index).toBe(2);
  });

  it('with a crossfade, starts the next song early and ramps the two volumes', () => {
    setCrossfade(6);
    setNormalize(false);
    const outgoing = current();
    outgoing.at(190);
    const incoming = spare();
    incoming.loaded(180);
    outgoing.at(193.9); // more than 6 s left
    expect(incoming.el.play).not.toHaveBeenCalled();
    outgoing.at(194.5); // 5.5 s left: the crossfade starts, and lasts what is left
    expect(incoming.el.play).toHaveBeenCalledTimes(1);
    expect(engine.decks.current).toBe(incoming.el);
    expect(getPlayerState().index).toBe(1);
    expect(outgoing.el.paused).toBe(false);
    expect(outgoing.el.volume).toBe(1);
    expect(incoming.el.volume).toBe(0);

    // Halfway: both at the equal-power midpoint.
    incoming.at(2.75);
    outgoing.at(197.25);
    expect(incoming.el.volume).toBeCloseTo(Math.SQRT1_2, 5);
    expect(outgoing.el.volume).toBeCloseTo(Math.SQRT1_2, 5);

    // The outgoing song ends: it stops and the incoming one plays alone.
    incoming.at(5.5);
    outgoing.end();
    expect(incoming.el.volume).toBe(1);
    expect(outgoing.el.paused).toBe(true);
  });

  it('a skip during a crossfade stops the outgoing song at once', () => {
    setCrossfade(6);
    const outgoing = current();
    outgoing.at(190);
    spare().loaded(180);
    outgoing.at(195);
    expect(outgoing.el.paused).toBe(false);
    next();
    sync();
    expect(outgoing.el.paused).toBe(true);
    expect(getPlayerState().index).toBe(2);
    expect(current().el.getAttribute('src')).toBe(songs[2]!.audio);
  });

  it('a skip to the buffered song takes it from the other element', () => {
    current().at(180);
    const buffered = spare();
    buffered.loaded(180);
    next();
    sync();
    expect(engine.decks.current).toBe(buffered.el);
    expect(buffered.el.paused).toBe(false);
    expect(decks.find((d) => d !== buffered)!.el.paused).toBe(true);
  });

  it('turns a loud song down while normalising, and not when switched off', () => {
    engine.applyVolumes();
    expect(current().el.volume).toBeCloseTo(0.501, 3); // -8 LUFS: 6 dB over -14
    setNormalize(false);
    engine.applyVolumes();
    expect(current().el.volume).toBe(1);
  });
});
