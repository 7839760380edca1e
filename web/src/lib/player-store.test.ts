import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong, songsAbcd } from '@/test/songs';
import {
  changeVolume,
  clearQueue,
  currentSong,
  cycleRepeat,
  getPlayerState,
  isSavedPlayer,
  next,
  playAt,
  playShuffled,
  playSongs,
  previous,
  removeAt,
  removeSong,
  resetPlayer,
  restorePlayer,
  savedPlayer,
  seekTo,
  setPlaying,
  setRate,
  setTime,
  setVolume,
  skip,
  songEnded,
  toggleMute,
  togglePlay,
  toggleShuffle,
  upNext,
} from './player-store';

const ids = () => getPlayerState().queue.map((s) => s._id);
const current = () => currentSong(getPlayerState())?._id ?? null;

/** A pseudo-random sequence that is the same on every run. */
function seeded(seed = 7) {
  let x = seed;
  return () => {
    x = (x * 16807) % 2147483647;
    return (x - 1) / 2147483646;
  };
}

beforeEach(() => resetPlayer());

describe('the player store', () => {
  it('starts with no song, speed 100 and volume 100', () => {
    const s = getPlayerState();
    expect(current()).toBeNull();
    expect(s.rate).toBe(100);
    expect(s.volume).toBe(100);
    expect(s.playing).toBe(false);
  });

  it('choosing a song makes it current, plays it and starts a new play', () => {
    playSongs(songsAbcd(), 2);
    const first = getPlayerState();
    expect(current()).toBe('c');
    expect(first.index).toBe(2);
    expect(first.playing).toBe(true);
    expect(first.time).toBe(0);
    expect(first.duration).toBe(180);

    setTime(42);
    playSongs(songsAbcd(), 2);
    // The same song chosen again is a new play: the counter starts over.
    expect(getPlayerState().playId).toBe(first.playId + 1);
    expect(getPlayerState().time).toBe(0);
  });

  it('next and previous move the index by one and start a new play', () => {
    playSongs(songsAbcd(), 1);
    const { playId } = getPlayerState();
    next();
    expect(current()).toBe('c');
    expect(getPlayerState().playId).toBe(playId + 1);
    previous();
    previous();
    expect(current()).toBe('a');
    expect(getPlayerState().index).toBe(0);
  });

  it('previous restarts the song after 3 seconds, and moves back before', () => {
    playSongs(songsAbcd(), 2);
    const { playId } = getPlayerState();
    setTime(3.5);
    previous();
    expect(current()).toBe('c');
    expect(getPlayerState().time).toBe(0);
    expect(getPlayerState().seek).toMatchObject({ kind: 'to', value: 0 });
    expect(getPlayerState().playId).toBe(playId);
    setTime(2.9);
    previous();
    expect(current()).toBe('b');
    // On the first song it restarts rather than clearing the player.
    playSongs(songsAbcd(), 0);
    setTime(1);
    previous();
    expect(current()).toBe('a');
    expect(getPlayerState().time).toBe(0);
  });

  it('the end of a song starts the next one', () => {
    playSongs(songsAbcd(), 0);
    setPlaying(false); // the element pauses as it ends
    songEnded();
    expect(current()).toBe('b');
    expect(getPlayerState().playing).toBe(true);
  });

  it('at the end of the queue play stops and the last song stays loaded', () => {
    playSongs(songsAbcd(), 3);
    setTime(170);
    songEnded();
    expect(current()).toBe('d');
    expect(getPlayerState().playing).toBe(false);
    expect(getPlayerState().time).toBe(0);
    expect(upNext()).toBe(-1);

    playSongs(songsAbcd(), 3);
    next();
    expect(current()).toBe('d');
    expect(getPlayerState().playing).toBe(false);
  });

  it('repeat cycles off, all, one; all wraps the queue and one plays the song again', () => {
    expect(getPlayerState().repeat).toBe('off');
    playSongs(songsAbcd(), 3);
    cycleRepeat();
    expect(getPlayerState().repeat).toBe('all');
    expect(upNext()).toBe(0);
    const { playId } = getPlayerState();
    songEnded();
    expect(current()).toBe('a');
    expect(getPlayerState().playing).toBe(true);
    expect(getPlayerState().playId).toBe(playId + 1);
    previous();
    expect(current()).toBe('d');
    next();
    expect(current()).toBe('a');

    cycleRepeat();
    expect(getPlayerState().repeat).toBe('one');
    expect(upNext()).toBe(0);
    const again = getPlayerState().playId;
    songEnded();
    expect(current()).toBe('a');
    expect(getPlayerState().playId).toBe(again + 1);
    // Next still moves on: repeat one only replays a song that ends by itself.
    next();
    expect(current()).toBe('b');

    cycleRepeat();
    expect(getPlayerState().repeat).toBe('off');
  });

  it('an index out of range clears the current song', () => {
    playSongs(songsAbcd(), 9);
    expect(current()).toBeNull();
    expect(getPlayerState().playing).toBe(false);
  });

  it('shuffle keeps the current song first, reorders the rest and restores the order', () => {
    playSongs(songsAbcd(), 2);
    toggleShuffle(seeded());
    const s = getPlayerState();
    expect(s.shuffle).toBe(true);
    expect(s.index).toBe(0);
    expect(current()).toBe('c');
    expect([...ids()].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(ids()).not.toEqual(['c', 'a', 'b', 'd']);

    next();
    const playingNow = current();
    toggleShuffle();
    expect(getPlayerState().shuffle).toBe(false);
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
    expect(current()).toBe(playingNow);
  });

  it('shuffle does not restart the song that plays', () => {
    playSongs(songsAbcd(), 1);
    const { playId } = getPlayerState();
    toggleShuffle(seeded(3));
    expect(getPlayerState().playId).toBe(playId);
  });

  it('with shuffle on, a chosen list starts at the chosen song and shuffles the rest', () => {
    toggleShuffle();
    const songs = Array.from({ length: 12 }, (_, i) => makeSong(`s${i}`));
    playSongs(songs, 5, seeded(11));
    expect(current()).toBe('s5');
    expect(getPlayerState().index).toBe(0);
    expect(ids()).not.toEqual(songs.map((s) => s._id));
    toggleShuffle();
    expect(ids()).toEqual(songs.map((s) => s._id));
    expect(getPlayerState().index).toBe(5);
  });

  it('jumps to a queue entry, removes entries and clears what is up next', () => {
    playSongs(songsAbcd(), 1);
    playAt(3);
    expect(current()).toBe('d');

    removeAt(0); // before the current song: the index follows it
    expect(ids()).toEqual(['b', 'c', 'd']);
    expect(current()).toBe('d');

    playAt(0);
    removeAt(0); // the current song itself: the next one plays
    expect(current()).toBe('c');
    expect(ids()).toEqual(['c', 'd']);

    clearQueue();
    expect(ids()).toEqual(['c']);
    expect(current()).toBe('c');
  });

  it('removing entries while shuffled keeps the original order right', () => {
    playSongs(songsAbcd(), 0);
    toggleShuffle(seeded(5));
    const position = ids().indexOf('c');
    removeAt(position);
    toggleShuffle();
    expect(ids()).toEqual(['a', 'b', 'd']);
    expect(current()).toBe('a');
  });

  it('forgets a deleted song wherever it is queued', () => {
    playSongs([makeSong('x'), makeSong('y'), makeSong('x')], 1);
    removeSong('x');
    expect(ids()).toEqual(['y']);
    expect(current()).toBe('y');
  });

  it('plays, pauses, seeks and skips only with a current song', () => {
    togglePlay();
    seekTo(10);
    expect(getPlayerState().playing).toBe(false);
    expect(getPlayerState().seek).toBeNull();

    playSongs(songsAbcd(), 0);
    togglePlay();
    expect(getPlayerState().playing).toBe(false);
    seekTo(30);
    expect(getPlayerState().seek).toMatchObject({ kind: 'to', value: 30 });
    skip(-10);
    expect(getPlayerState().seek).toMatchObject({ kind: 'by', value: -10 });
    expect(getPlayerState().time).toBe(20);
    seekTo(999);
    expect(getPlayerState().time).toBe(180);
  });

  it('keeps speed within 0–200 and volume within 0–100; mute remembers the volume', () => {
    setRate(250);
    expect(getPlayerState().rate).toBe(200);
    setRate(-3);
    expect(getPlayerState().rate).toBe(0);
    setVolume(70);
    changeVolume(50);
    expect(getPlayerState().volume).toBe(100);
    changeVolume(-30);
    expect(getPlayerState().volume).toBe(70);
    toggleMute();
    expect(getPlayerState().muted).toBe(true);
    expect(getPlayerState().volume).toBe(70);
    toggleMute();
    expect(getPlayerState().muted).toBe(false);
  });

  it('saves and restores the queue, the index and the position, paused', () => {
    playSongs(songsAbcd(), 2);
    setTime(73.5);
    setRate(150);
    const saved = JSON.parse(JSON.stringify(savedPlayer())) as unknown;
    expect(isSavedPlayer(saved)).toBe(true);

    resetPlayer();
    restorePlayer(saved as ReturnType<typeof savedPlayer>);
    const s = getPlayerState();
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
    expect(current()).toBe('c');
    expect(s.playing).toBe(false);
    expect(s.time).toBe(73.5);
    expect(s.rate).toBe(150);
    expect(s.seek).toMatchObject({ kind: 'to', value: 73.5 });
  });

  it('refuses saved data of the wrong shape', () => {
    expect(isSavedPlayer(null)).toBe(false);
    expect(isSavedPlayer({ queue: 'x' })).toBe(false);
    expect(isSavedPlayer({ ...savedPlayer(), queue: [{ _id: 1 }] })).toBe(false);
  });

  it('plays a list shuffled from a random song, and shuffle off brings its order back', () => {
    const songs = Array.from({ length: 8 }, (_, i) => makeSong(`s${i}`));
    // The first random number picks the song to start with: 0.5 of 8 is the fifth.
    playShuffled(songs, seeded(9));
    const s = getPlayerState();
    expect(s.shuffle).toBe(true);
    expect(s.playing).toBe(true);
    expect(s.index).toBe(0);
    expect([...ids()].sort()).toEqual(songs.map((x) => x._id).sort());
    expect(ids()).not.toEqual(songs.map((x) => x._id));
    const first = current();
    toggleShuffle();
    expect(ids()).toEqual(songs.map((x) => x._id));
    expect(current()).toBe(first);

    playShuffled([]);
    expect(current()).toBe(first);
  });
});

describe('missing library files', () => {
  const list = () => [
    makeSong('a'),
    makeSong('gone', { missing: true }),
    makeSong('c'),
    makeSong('d', { missing: true }),
  ];

  it('are left out of the queue, whatever list plays', () => {
    playSongs(list(), 2);
    expect(ids()).toEqual(['a', 'c']);
    expect(current()).toBe('c');
  });

  it('give way to the next song that can play', () => {
    playSongs(list(), 1);
    expect(current()).toBe('c');
    playShuffled([makeSong('x', { missing: true })]);
    expect(current()).toBe('c');
  });
});
