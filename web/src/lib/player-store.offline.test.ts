import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/songs';
import { resetDownloads, setDownloadsOwner, type DownloadIndex } from './offline/downloads';
import { storageKeys } from './offline/keys';
import {
  currentSong,
  getPlayerState,
  next,
  playAt,
  playShuffled,
  playSongs,
  previous,
  resetPlayer,
  restorePlayer,
  savedPlayer,
  setRepeat,
  songEnded,
  togglePlay,
  upNext,
} from './player-store';
import { writeLocal } from './storage';

const songs = () => ['a', 'b', 'c', 'd', 'e'].map((id) => makeSong(id));
const current = () => currentSong(getPlayerState())?._id ?? null;
const notice = () => getPlayerState().notice?.text ?? null;

/** The browser's connection as the tests set it. */
let online = true;

/** Signs 'ada' in with these songs downloaded. */
function downloaded(...ids: string[]) {
  const index: DownloadIndex = {
    songs: Object.fromEntries(
      ids.map((id) => [id, { song: makeSong(id), bytes: 1, savedAt: '2026-11-21T12:00:00Z' }]),
    ),
    collections: [],
  };
  writeLocal(storageKeys.index('ada'), index);
  resetDownloads();
  setDownloadsOwner('ada');
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  resetPlayer();
});

afterEach(() => {
  vi.restoreAllMocks();
  resetDownloads();
  window.localStorage.clear();
});

describe('offline, songs that are not downloaded', () => {
  it('are kept in the queue but passed over by next, previous and the end of a song', () => {
    downloaded('a', 'c', 'e');
    online = false;
    playSongs(songs(), 0);
    expect(getPlayerState().queue).toHaveLength(5);
    expect(current()).toBe('a');
    expect(getPlayerState().queue[upNext()]?._id).toBe('c');

    next();
    expect(current()).toBe('c');
    songEnded();
    expect(current()).toBe('e');
    previous();
    expect(current()).toBe('c');
    expect(notice()).toBeNull();
  });

  it('play again once the connection is back', () => {
    downloaded('a');
    online = false;
    playSongs(songs(), 0);
    expect(upNext()).toBe(-1);
    online = true;
    next();
    expect(current()).toBe('b');
  });

  it('wrap around on repeat all, and repeat one falls through to the next downloaded song', () => {
    downloaded('b', 'd');
    online = false;
    playSongs(songs(), 3);
    setRepeat('all');
    next();
    expect(current()).toBe('b');
    previous();
    expect(current()).toBe('d');

    setRepeat('one');
    expect(upNext()).toBe(3);
  });

  it('start a list from the first downloaded song, and never from one that is not', () => {
    downloaded('c', 'd');
    online = false;
    playSongs(songs(), 0);
    expect(current()).toBe('c');
    expect(getPlayerState().playing).toBe(true);

    playAt(0);
    expect(current()).toBe('c');
    expect(notice()).toBe('“Song a” isn’t downloaded. Connect to the internet to play it.');

    playShuffled(songs(), () => 0.99);
    expect(current()).toBe('d');
  });

  it('stop at the end of what is downloaded, and say so', () => {
    downloaded('a', 'b');
    online = false;
    playSongs(songs(), 1);
    next();
    expect(current()).toBe('b');
    expect(getPlayerState().playing).toBe(false);
    expect(notice()).toBe('You’re offline and nothing else in the queue is downloaded.');

    playSongs(songs(), 1);
    const before = getPlayerState().notice?.id ?? 0;
    songEnded();
    expect(getPlayerState().playing).toBe(false);
    expect(getPlayerState().notice?.id).toBeGreaterThan(before);
  });

  it('leave what plays alone when nothing asked for is downloaded, with a toast to say why', () => {
    downloaded('a');
    online = false;
    playSongs([makeSong('a')], 0);
    playSongs([makeSong('x'), makeSong('y')], 0);
    expect(current()).toBe('a');
    expect(getPlayerState().playing).toBe(true);
    expect(notice()).toBe(
      'You’re offline and none of these songs are downloaded. Connect to play them.',
    );

    playShuffled([makeSong('x')]);
    expect(getPlayerState().shuffle).toBe(false);
    expect(current()).toBe('a');
  });

  it('a queue brought back by a reload moves on to a downloaded song when play is pressed', () => {
    downloaded('d');
    online = false;
    restorePlayer({ ...savedPlayer(), queue: songs(), index: 1, time: 42 });
    togglePlay();
    expect(current()).toBe('d');
    expect(getPlayerState().playing).toBe(true);

    downloaded();
    restorePlayer({ ...savedPlayer(), queue: songs(), index: 1, time: 0 });
    togglePlay();
    expect(current()).toBe('b');
    expect(getPlayerState().playing).toBe(false);
    expect(notice()).toBe('“Song b” isn’t downloaded. Connect to the internet to play it.');
  });
});
