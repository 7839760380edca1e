import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong, songsAbcd } from '@/test/songs';
import {
  addToQueue,
  appendAutoplay,
  autoplaySeed,
  currentSong,
  cycleRepeat,
  dropUpcomingAutoplay,
  getPlayerState,
  isAutoplay,
  isSavedPlayer,
  moveInQueue,
  next,
  playNext,
  playSongs,
  resetPlayer,
  restorePlayer,
  savedPlayer,
  songEnded,
  togglePlay,
  toggleShuffle,
} from './player-store';

const ids = () => getPlayerState().queue.map((s) => s._id);
const current = () => currentSong(getPlayerState())?._id ?? null;
const songs = (...names: string[]) => names.map((id) => makeSong(id));

/** A pseudo-random sequence that is the same on every run. */
function seeded(seed = 7) {
  let x = seed;
  return () => {
    x = (x * 16807) % 2147483647;
    return (x - 1) / 2147483646;
  };
}

beforeEach(() => resetPlayer());

describe('add to queue and play next', () => {
  it('play next puts songs right after the current one, without a restart', () => {
    playSongs(songsAbcd(), 1);
    const { playId } = getPlayerState();
    playNext(songs('x', 'y'));
    expect(ids()).toEqual(['a', 'b', 'x', 'y', 'c', 'd']);
    expect(current()).toBe('b');
    expect(getPlayerState().playId).toBe(playId);
    next();
    expect(current()).toBe('x');
  });

  it('add to queue puts songs at the end, and play next goes before them', () => {
    playSongs(songsAbcd(), 1);
    addToQueue(songs('x'));
    playNext(songs('y'));
    expect(ids()).toEqual(['a', 'b', 'y', 'c', 'd', 'x']);
    expect(current()).toBe('b');
  });

  it('with nothing playing, the songs become the queue, loaded and paused', () => {
    addToQueue(songs('x', 'y'));
    expect(ids()).toEqual(['x', 'y']);
    expect(current()).toBe('x');
    expect(getPlayerState().playing).toBe(false);
    resetPlayer();
    playNext(songs('z'));
    expect(current()).toBe('z');
    expect(getPlayerState().playing).toBe(false);
  });

  it('leaves out songs whose file is gone', () => {
    playSongs(songsAbcd(), 0);
    addToQueue([makeSong('x', { missing: true }), makeSong('y')]);
    expect(ids()).toEqual(['a', 'b', 'c', 'd', 'y']);
  });

  it('while shuffled, play next follows the current song in play order and in the list', () => {
    playSongs(songsAbcd(), 2);
    toggleShuffle(seeded());
    const playOrder = ids();
    playNext(songs('x'));
    expect(ids()).toEqual(['c', 'x', ...playOrder.slice(1)]);
    next();
    expect(current()).toBe('x');
    // Shuffle off: the list's own order, with the song right after the one it followed.
    toggleShuffle();
    expect(ids()).toEqual(['a', 'b', 'c', 'x', 'd']);
    expect(current()).toBe('x');
  });

  it('while shuffled, add to queue plays last and stays in the list when shuffle goes off', () => {
    playSongs(songsAbcd(), 0);
    toggleShuffle(seeded(3));
    addToQueue(songs('x'));
    expect(ids().at(-1)).toBe('x');
    toggleShuffle();
    expect([...ids()].sort()).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(current()).toBe('a');
  });

  it('the listener’s songs go before the autoplay’s suggestions', () => {
    playSongs(songs('a', 'b'), 1);
    appendAutoplay(songs('r1', 'r2'));
    expect(ids()).toEqual(['a', 'b', 'r1', 'r2']);
    expect(getPlayerState().queue.map(isAutoplay)).toEqual([false, false, true, true]);
    addToQueue(songs('x'));
    expect(ids()).toEqual(['a', 'b', 'x', 'r1', 'r2']);
    expect(isAutoplay(getPlayerState().queue[2]!)).toBe(false);
  });
});

describe('moving queue entries', () => {
  it('moves an entry ahead of the current song without touching the song that plays', () => {
    playSongs(songsAbcd(), 1);
    const { playId } = getPlayerState();
    moveInQueue(3, 2);
    expect(ids()).toEqual(['a', 'b', 'd', 'c']);
    expect(current()).toBe('b');
    expect(getPlayerState().playId).toBe(playId);
  });

  it('keeps the current song current when it moves, or others move across it', () => {
    playSongs(songsAbcd(), 1);
    const { playId } = getPlayerState();
    moveInQueue(1, 3); // the current song itself
    expect(ids()).toEqual(['a', 'c', 'd', 'b']);
    expect(current()).toBe('b');
    moveInQueue(0, 3); // from before it to after it
    expect(ids()).toEqual(['c', 'd', 'b', 'a']);
    expect(current()).toBe('b');
    moveInQueue(3, 0); // from after it to before it
    expect(ids()).toEqual(['a', 'c', 'd', 'b']);
    expect(current()).toBe('b');
    expect(getPlayerState().playId).toBe(playId);
    expect(getPlayerState().playing).toBe(true);
  });

  it('ignores moves out of range', () => {
    playSongs(songsAbcd(), 0);
    moveInQueue(0, 4);
    moveInQueue(-1, 2);
    moveInQueue(2, 2);
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('while shuffled, moves the play order and shuffle off still restores the list', () => {
    playSongs(songsAbcd(), 0);
    toggleShuffle(seeded(5));
    const before = ids();
    moveInQueue(3, 1);
    expect(ids()).toEqual([before[0], before[3], before[1], before[2]]);
    next();
    expect(current()).toBe(before[3]);
    toggleShuffle();
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
    expect(current()).toBe(before[3]);
  });
});

describe('the saved queue', () => {
  it('keeps added, moved and autoplay entries across a reload', () => {
    playSongs(songs('a', 'b'), 0);
    playNext(songs('x'));
    moveInQueue(2, 1);
    appendAutoplay(songs('r'));
    const saved = JSON.parse(JSON.stringify(savedPlayer())) as unknown;
    expect(isSavedPlayer(saved)).toBe(true);
    resetPlayer();
    restorePlayer(saved as ReturnType<typeof savedPlayer>);
    expect(ids()).toEqual(['a', 'b', 'x', 'r']);
    expect(getPlayerState().queue.map(isAutoplay)).toEqual([false, false, false, true]);
  });
});

describe('autoplay in the queue', () => {
  it('asks for songs only while the last song of the queue plays, with repeat off', () => {
    playSongs(songs('a', 'b'), 0);
    expect(autoplaySeed(getPlayerState())).toBeNull();
    next();
    expect(autoplaySeed(getPlayerState())?._id).toBe('b');
    cycleRepeat(); // repeat all: the queue never ends
    expect(autoplaySeed(getPlayerState())).toBeNull();
    cycleRepeat();
    cycleRepeat();
    togglePlay();
    expect(autoplaySeed(getPlayerState())).toBeNull(); // paused: nothing to continue
    togglePlay();
    appendAutoplay(songs('r'));
    expect(autoplaySeed(getPlayerState())).toBeNull();
    songEnded();
    expect(current()).toBe('r'); // the queue goes on into the suggestions
    expect(autoplaySeed(getPlayerState())?._id).toBe('r');
  });

  it('turned off, its suggestions ahead leave the queue and the song playing stays', () => {
    playSongs(songs('a'), 0);
    appendAutoplay(songs('r1', 'r2'));
    next();
    const { playId } = getPlayerState();
    dropUpcomingAutoplay();
    expect(ids()).toEqual(['a', 'r1']);
    expect(current()).toBe('r1');
    expect(getPlayerState().playId).toBe(playId);
  });
});
