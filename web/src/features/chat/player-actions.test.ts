import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong, songsAbcd } from '@/test/songs';
import {
  currentSong,
  getPlayerState,
  playSongs,
  resetPlayer,
  setPlaying,
  setTime,
  setVolume,
} from '@/lib/player-store';
import type { ChatAction } from './api/send-message';
import { isButton, perform, performAll, playerSnapshot } from './player-actions';

const ids = () => getPlayerState().queue.map((s) => s._id);
const current = () => currentSong(getPlayerState())?._id ?? null;
const act = (a: Partial<ChatAction> & Pick<ChatAction, 'type'>): ChatAction => ({
  label: '',
  ...a,
});

beforeEach(() => resetPlayer());

describe('the player as a chat request tells it', () => {
  it('names the song, the queue, the position and a 0–1 volume', () => {
    playSongs(songsAbcd(), 1);
    setTime(42);
    setVolume(70);
    expect(playerSnapshot()).toEqual({
      song: 'b',
      position: 42,
      queue: ['a', 'b', 'c', 'd'],
      volume: 0.7,
      repeat: 'off',
      shuffle: false,
    });
  });

  it('says nothing plays when the queue is empty', () => {
    expect(playerSnapshot().song).toBeNull();
  });
});

describe('performing the actions of an answer', () => {
  beforeEach(() => playSongs(songsAbcd(), 1));

  it('moves to the next and previous songs, pauses and resumes', () => {
    perform(act({ type: 'next' }));
    expect(current()).toBe('c');
    perform(act({ type: 'previous' }));
    expect(current()).toBe('b');
    perform(act({ type: 'pause' }));
    expect(getPlayerState().playing).toBe(false);
    perform(act({ type: 'resume' }));
    expect(getPlayerState().playing).toBe(true);
  });

  it('sets the volume, seeks, and sets repeat and shuffle', () => {
    perform(act({ type: 'volume', volume: 0.3 }));
    expect(getPlayerState().volume).toBe(30);
    perform(act({ type: 'seek', position: 90 }));
    expect(getPlayerState().seek).toMatchObject({ kind: 'to', value: 90 });
    perform(act({ type: 'repeat', mode: 'one' }));
    expect(getPlayerState().repeat).toBe('one');
    perform(act({ type: 'shuffle', on: true }));
    expect(getPlayerState().shuffle).toBe(true);
    perform(act({ type: 'shuffle', on: true }));
    expect(getPlayerState().shuffle).toBe(true);
    perform(act({ type: 'shuffle', on: false }));
    expect(getPlayerState().shuffle).toBe(false);
  });

  it('queues songs at the end or next', () => {
    perform(act({ type: 'queue', songs: [makeSong('x')] }));
    perform(act({ type: 'play_next', songs: [makeSong('y')] }));
    expect(ids()).toEqual(['a', 'b', 'y', 'c', 'd', 'x']);
    expect(current()).toBe('b');
  });

  it('plays at once only what the answer asks to play now; buttons wait for a click', () => {
    setPlaying(false);
    performAll([
      act({ type: 'play', songs: [makeSong('x')] }),
      act({ type: 'open_playlist', playlist: 'p1' }),
    ]);
    expect(current()).toBe('b');
    perform(act({ type: 'play', songs: [makeSong('z'), makeSong('w')], now: true }));
    expect(ids()).toEqual(['z', 'w']);
    expect(getPlayerState().playing).toBe(true);
  });

  it('shows only offers as buttons', () => {
    expect(isButton(act({ type: 'play' }))).toBe(true);
    expect(isButton(act({ type: 'create_playlist' }))).toBe(true);
    expect(isButton(act({ type: 'next' }))).toBe(false);
    expect(isButton(act({ type: 'queue' }))).toBe(false);
  });
});
