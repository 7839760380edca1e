import { stopLiveRadio } from './live-radio';
import {
  canPlayNow,
  currentReach,
  NOTHING_DOWNLOADED,
  NOTHING_LEFT,
  notDownloadedMessage,
  type Reach,
} from './offline/availability';
import type { Song } from './song';
import { createStore, useStore } from './store';

/** The speed slider runs 0–200 and starts at 100 (1×). */
export const RATE_MAX = 200;
export const RATE_DEFAULT = 100;
/** The volume slider runs 0–100 and starts at 100. */
export const VOLUME_MAX = 100;
export const VOLUME_DEFAULT = 100;
/** Skip back and forward by this many seconds. */
export const SKIP_SECONDS = 10;
/** Previous restarts the song once it has played longer than this (seconds). */
export const RESTART_AFTER = 3;

/** Off plays the queue once; all starts it over; one plays the current song again. */
export type RepeatMode = 'off' | 'all' | 'one';
const REPEAT_ORDER: RepeatMode[] = ['off', 'all', 'one'];

/** The sleep timer's choices: the end of the song that plays, or minutes from now. */
export type SleepOption = 'end' | 15 | 30 | 60;
export const SLEEP_OPTIONS: readonly SleepOption[] = ['end', 15, 30, 60];

export interface SleepTimer {
  option: SleepOption;
  /** When play pauses (ms since the epoch); null for the end of the song. */
  endsAt: number | null;
}

/** Time as the sleep timer reads and waits on it; tests pass fake timers or their own. */
export interface SleepClock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const systemClock: SleepClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A seek the audio element still has to make: to a time, or by a number of seconds. */
export interface SeekRequest {
  id: number;
  kind: 'to' | 'by';
  value: number;
}

/** A sentence for the listener about a play that could not start (shown as a toast). */
export interface PlayerNotice {
  id: number;
  text: string;
}

/** The player and its queue, shared by every page. */
export interface PlayerState {
  queue: Song[];
  /** Where the current song sits in the queue; -1 when nothing is chosen. */
  index: number;
  playing: boolean;
  /** The speed slider's value, 0–200. */
  rate: number;
  /** The volume slider's value, 0–100. */
  volume: number;
  muted: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
  /** While shuffled: the queue in the order it came in, to restore when shuffle is turned off. */
  original: Song[] | null;
  /** While shuffled: for each queue entry, its place in `original`. */
  order: number[] | null;
  /** The audio element's position and length, mirrored for the UI (seconds). */
  time: number;
  duration: number;
  /**
   * Grows each time a song starts from the top. The audio element loads the
   * song anew and the listen counter starts again from 0 for every new play.
   */
  playId: number;
  seek: SeekRequest | null;
  /** The sleep timer, while one is set. */
  sleep: SleepTimer | null;
  /** The latest play that could not start, e.g. offline songs that are not downloaded. */
  notice: PlayerNotice | null;
}

const initialState: PlayerState = {
  queue: [],
  index: -1,
  playing: false,
  rate: RATE_DEFAULT,
  volume: VOLUME_DEFAULT,
  muted: false,
  shuffle: false,
  repeat: 'off',
  original: null,
  order: null,
  time: 0,
  duration: 0,
  playId: 0,
  seek: null,
  sleep: null,
  notice: null,
};

const store = createStore<PlayerState>(initialState);
let seekIds = 0;
let noticeIds = 0;
/** The pending timeout of a timed sleep timer, and the clock it runs on. */
let sleepWait: { handle: unknown; clock: SleepClock } | null = null;

export const subscribePlayer = store.subscribe;

function setState(patch: Partial<PlayerState>): void {
  store.set((s) => ({ ...s, ...patch }));
}

export const getPlayerState = store.get;

/** Reads one slice of the player; the component re-renders only when it changes. */
export function usePlayer<T>(selector: (s: PlayerState) => T): T {
  return useStore(store, selector);
}

export function currentSong(s: PlayerState): Song | null {
  return s.queue[s.index] ?? null;
}

export const useCurrentSong = (): Song | null => usePlayer(currentSong);

/** Tells the listener why nothing (more) plays. */
function say(text: string): void {
  setState({ notice: { id: ++noticeIds, text } });
}

/**
 * The queue entries after `index`, in the order they would play: to the
 * end, then (with `wrap`) from the top back to `index` itself.
 */
function following(length: number, index: number, wrap: boolean): number[] {
  const after = Array.from({ length: Math.max(0, length - index - 1) }, (_, i) => index + 1 + i);
  return wrap ? [...after, ...Array.from({ length: index + 1 }, (_, i) => i)] : after;
}

/** The first of `order` whose song can start now, or -1. */
function firstPlayable(queue: Song[], order: number[], reach: Reach): number {
  return order.find((i) => queue[i] !== undefined && canPlayNow(queue[i], reach)) ?? -1;
}

/** Whether songs were passed over only because they are not downloaded and we are offline. */
function offlineSkipped(queue: Song[], order: number[], reach: Reach): boolean {
  return !reach.online && order.some((i) => queue[i] !== undefined && !queue[i].missing);
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Fisher–Yates; `random` is injectable so tests can pin the order. */
function shuffled<T>(items: T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The current song goes away and the bar with it; speed, volume and shuffle stay. */
function clearCurrent(): void {
  clearSleepWait();
  setState({
    sleep: null,
    queue: [],
    index: -1,
    playing: false,
    original: null,
    order: null,
    time: 0,
    duration: 0,
    seek: null,
  });
}

/** Makes the song at `index` current and starts it from the top; out of range clears it. */
function go(index: number, patch: Partial<PlayerState> = {}, playing = true): void {
  const queue = patch.queue ?? store.get().queue;
  const song = queue[index];
  if (!song) {
    clearCurrent();
    return;
  }
  setState({
    ...patch,
    index,
    playing,
    playId: store.get().playId + 1,
    time: 0,
    duration: song.duration > 0 ? song.duration : 0,
    seek: null,
  });
}

/**
 * Plays `list` as the new queue from `at`: that song becomes current, its
 * played seconds start at 0 and it plays. With shuffle on, the rest is shuffled.
 * Missing songs are left out (from a missing one, the next that can play starts).
 */
export function playSongs(list: Song[], at = 0, random: () => number = Math.random): void {
  // A library file that is gone cannot play: the queue leaves it out, from any list.
  const songs = list.some((s) => s.missing) ? list.filter((s) => !s.missing) : list;
  if (songs.length === 0) {
    clearCurrent();
    return;
  }
  // Offline, songs that are not downloaded stay in the queue (they play once
  // back online) but the first song to start is one that can.
  const reach = currentReach();
  const first = list.slice(Math.max(0, at)).find((s) => canPlayNow(s, reach));
  if (!first) {
    const asked = list[at];
    const none = !songs.some((s) => canPlayNow(s, reach));
    say(none || !asked ? NOTHING_DOWNLOADED : notDownloadedMessage(asked));
    return;
  }
  const index = songs.indexOf(first);
  if (store.get().shuffle) {
    const others = songs.map((_, i) => i).filter((i) => i !== index);
    const order = [index, ...shuffled(others, random)];
    go(0, { queue: order.map((i) => songs[i] as Song), original: songs.slice(), order });
    return;
  }
  go(index, { queue: songs.slice(), original: null, order: null });
}

/**
 * Plays `songs` in a random order: shuffle goes on, a random song starts and
 * the rest follows shuffled (turning shuffle off brings back the list's order).
 */
export function playShuffled(list: Song[], random: () => number = Math.random): void {
  const songs = list.filter((s) => !s.missing);
  if (songs.length === 0) return;
  const reach = currentReach();
  const ready = songs.filter((s) => canPlayNow(s, reach));
  if (ready.length === 0) {
    say(NOTHING_DOWNLOADED);
    return;
  }
  if (!store.get().shuffle) setState({ shuffle: true, original: null, order: null });
  const start = ready[Math.floor(random() * ready.length) % ready.length] as Song;
  playSongs(songs, songs.indexOf(start), random);
}

/** Jumps to a queue entry (the queue page) and plays it; offline, only a downloaded one. */
export function playAt(index: number): void {
  const song = store.get().queue[index];
  if (song && !canPlayNow(song)) {
    say(notDownloadedMessage(song));
    return;
  }
  go(index);
}

/** The queue entries that may follow the current song, in the order they would play. */
function ahead(s: PlayerState): number[] {
  const rest = following(s.queue.length, s.index, s.repeat === 'all');
  return s.repeat === 'one' ? [s.index, ...rest] : rest;
}

/**
 * The queue index that plays when the current song ends: the same one on
 * repeat one, the first after the last on repeat all, -1 at the end of the
 * queue or when the sleep timer ends with this song. Offline, songs that are
 * not downloaded are passed over. The audio engine buffers this song ahead
 * for a gapless change.
 */
export function upNext(s: PlayerState = store.get(), reach: Reach = currentReach()): number {
  if (s.index < 0 || s.index >= s.queue.length) return -1;
  // The sleep timer stops at the end of this song: nothing is to follow it.
  if (s.sleep?.option === 'end') return -1;
  return firstPlayable(s.queue, ahead(s), reach);
}

/**
 * The end of the queue: play stops and the last song stays loaded, back at
 * its start, so the bar (and a press of play) still has it.
 */
function stopAtEnd(): void {
  setState({ playing: false, time: 0, seek: { id: ++seekIds, kind: 'to', value: 0 } });
}

/**
 * Moves to the next song (offline, the next downloaded one); after the
 * last, repeat all starts the queue over, else play stops.
 */
export function next(): void {
  const { index, queue, repeat } = store.get();
  if (index < 0) return;
  const reach = currentReach();
  const order = following(queue.length, index, repeat === 'all');
  const at = firstPlayable(queue, order, reach);
  if (at >= 0) {
    go(at);
    return;
  }
  stopAtEnd();
  if (offlineSkipped(queue, order, reach)) say(NOTHING_LEFT);
}

/**
 * Restarts the song once it has played more than RESTART_AFTER seconds (as
 * every music app does), else moves to the song before; on the first song,
 * repeat all wraps to the last and otherwise the song restarts.
 */
export function previous(): void {
  const { index, queue, repeat, time } = store.get();
  if (index < 0) return;
  if (time > RESTART_AFTER) {
    seekTo(0);
    return;
  }
  // Backwards: the songs before this one, then (repeat all) from the last one down.
  const before = following(queue.length, queue.length - 1 - index, repeat === 'all')
    .map((i) => queue.length - 1 - i)
    .filter((i) => i !== index);
  const at = firstPlayable(queue, before, currentReach());
  if (at >= 0) go(at);
  else seekTo(0);
}

/**
 * The audio element finished the song: what upNext says plays, or play stops
 * at the end. A sleep timer set for the end of the song pauses on the song
 * that would have come next.
 */
export function songEnded(): void {
  const reach = currentReach();
  if (store.get().sleep?.option === 'end') {
    const at = upNext({ ...store.get(), sleep: null }, reach);
    clearSleepWait();
    if (at < 0) {
      setState({ sleep: null });
      stopAtEnd();
    } else {
      go(at, { sleep: null }, false);
    }
    return;
  }
  const at = upNext(store.get(), reach);
  if (at >= 0) {
    go(at);
    return;
  }
  stopAtEnd();
  if (offlineSkipped(store.get().queue, ahead(store.get()), reach)) say(NOTHING_LEFT);
}

/** Repeat off → all → one → off (the button and the R key). */
export function cycleRepeat(): void {
  const i = REPEAT_ORDER.indexOf(store.get().repeat);
  setState({ repeat: REPEAT_ORDER[(i + 1) % REPEAT_ORDER.length] ?? 'off' });
}

export function setRepeat(repeat: RepeatMode): void {
  if (REPEAT_ORDER.includes(repeat) && repeat !== store.get().repeat) setState({ repeat });
}

function clearSleepWait(): void {
  if (sleepWait) sleepWait.clock.clearTimeout(sleepWait.handle);
  sleepWait = null;
}

/** The timer ran out: play pauses, the radio included. */
function sleepNow(): void {
  sleepWait = null;
  setState({ sleep: null, playing: false });
  stopLiveRadio();
}

/**
 * Sets the sleep timer (replacing one already set): play pauses after
 * `option` minutes, or when the song that plays ends.
 */
export function setSleepTimer(option: SleepOption, clock: SleepClock = systemClock): void {
  if (!SLEEP_OPTIONS.includes(option)) return;
  clearSleepWait();
  if (option === 'end') {
    setState({ sleep: { option, endsAt: null } });
    return;
  }
  const ms = option * 60_000;
  sleepWait = { handle: clock.setTimeout(sleepNow, ms), clock };
  setState({ sleep: { option, endsAt: clock.now() + ms } });
}

export function cancelSleepTimer(): void {
  clearSleepWait();
  if (store.get().sleep) setState({ sleep: null });
}

/**
 * Play or pause. Offline, pressing play on a song that is not downloaded
 * (a queue brought back by a reload) moves on to the next one that is.
 */
export function togglePlay(): void {
  const song = currentSong(store.get());
  if (!song) return;
  if (!store.get().playing) {
    const reach = currentReach();
    if (!canPlayNow(song, reach)) {
      const at = firstPlayable(store.get().queue, ahead({ ...store.get(), repeat: 'all' }), reach);
      if (at >= 0) go(at);
      else say(notDownloadedMessage(song));
      return;
    }
  }
  setState({ playing: !store.get().playing });
}

/** Mirrors the audio element's own play and pause (media keys, the end of a song). */
export function setPlaying(playing: boolean): void {
  if (playing && !currentSong(store.get())) return;
  if (store.get().playing !== playing) setState({ playing });
}

function limit(): number {
  return store.get().duration > 0 ? store.get().duration : Number.POSITIVE_INFINITY;
}

export function seekTo(seconds: number): void {
  if (!currentSong(store.get()) || !Number.isFinite(seconds)) return;
  const value = clamp(seconds, 0, limit());
  setState({ time: value, seek: { id: ++seekIds, kind: 'to', value } });
}

/** Skips back (negative) or forward by `seconds` from where the audio really is. */
export function skip(seconds: number): void {
  if (!currentSong(store.get())) return;
  setState({
    time: clamp(store.get().time + seconds, 0, limit()),
    seek: { id: ++seekIds, kind: 'by', value: seconds },
  });
}

export function setRate(value: number): void {
  if (!Number.isFinite(value)) return;
  setState({ rate: Math.round(clamp(value, 0, RATE_MAX)) });
}

export function setVolume(value: number): void {
  if (!Number.isFinite(value)) return;
  const volume = Math.round(clamp(value, 0, VOLUME_MAX));
  setState({ volume, muted: volume === 0 ? store.get().muted : false });
}

/** Turns the volume up (positive) or down by `delta` slider steps. */
export function changeVolume(delta: number): void {
  setVolume((store.get().muted ? 0 : store.get().volume) + delta);
}

export function toggleMute(): void {
  // Unmuting a silent slider would still be silent: bring it back to half.
  if (store.get().muted || store.get().volume === 0) {
    setState({ muted: false, volume: store.get().volume === 0 ? 50 : store.get().volume });
    return;
  }
  setState({ muted: true });
}

/**
 * Shuffle on: the current song stays first and the rest follows in a random
 * order. Shuffle off: the queue's own order comes back, at the same song.
 */
export function toggleShuffle(random: () => number = Math.random): void {
  if (store.get().shuffle) {
    const { original, order, index } = store.get();
    if (!original || !order) {
      setState({ shuffle: false, original: null, order: null });
      return;
    }
    setState({
      shuffle: false,
      queue: original,
      index: index >= 0 ? (order[index] ?? -1) : -1,
      original: null,
      order: null,
    });
    return;
  }
  const { queue, index } = store.get();
  if (index < 0) {
    setState({ shuffle: true, original: null, order: null });
    return;
  }
  const others = queue.map((_, i) => i).filter((i) => i !== index);
  const order = [index, ...shuffled(others, random)];
  setState({
    shuffle: true,
    original: queue,
    order,
    queue: order.map((i) => queue[i] as Song),
    index: 0,
  });
}

/** Takes one entry out of the queue; removing the current song plays the one after it. */
export function removeAt(position: number): void {
  const { queue, index, original, order } = store.get();
  if (position < 0 || position >= queue.length) return;
  const rest = queue.filter((_, i) => i !== position);
  let shuffleState: Pick<PlayerState, 'original' | 'order'> = { original: null, order: null };
  if (original && order) {
    const from = order[position] ?? -1;
    shuffleState = {
      original: original.filter((_, i) => i !== from),
      order: order.filter((_, i) => i !== position).map((i) => (i > from ? i - 1 : i)),
    };
  }
  if (position === index) {
    go(index, { queue: rest, ...shuffleState }, store.get().playing);
    return;
  }
  setState({ queue: rest, ...shuffleState, index: position < index ? index - 1 : index });
}

/** A queue entry the autoplay added (songs like the last ones), not the listener. */
export function isAutoplay(song: Song): boolean {
  return (song as Song & { autoplay?: boolean }).autoplay === true;
}

/** What can be queued from a list: library files that are gone cannot play. */
function queueable(list: Song[]): Song[] {
  return list.filter((s) => !s.missing);
}

/**
 * Puts `songs` into the queue at play position `at` (in queue order). While
 * shuffled they also go into the list's own order at `originalAt`, so turning
 * shuffle off keeps them where they were put.
 */
function insertSongs(songs: Song[], at: number, originalAt: number): void {
  const { queue, index, original, order } = store.get();
  const n = songs.length;
  const nextQueue = [...queue.slice(0, at), ...songs, ...queue.slice(at)];
  let shuffleState: Pick<PlayerState, 'original' | 'order'> = { original: null, order: null };
  if (original && order) {
    const shifted = order.map((i) => (i >= originalAt ? i + n : i));
    const added = songs.map((_, k) => originalAt + k);
    shuffleState = {
      original: [...original.slice(0, originalAt), ...songs, ...original.slice(originalAt)],
      order: [...shifted.slice(0, at), ...added, ...shifted.slice(at)],
    };
  }
  // The song that plays stays the same entry: no new play, no restart.
  setState({ queue: nextQueue, ...shuffleState, index: at <= index ? index + n : index });
}

/**
 * With nothing playing, queued songs become the queue, loaded but paused:
 * adding to a queue should never start music by surprise.
 */
function startQueued(songs: Song[]): void {
  go(0, { queue: songs.slice(), original: null, order: null }, false);
  if (store.get().shuffle) {
    setState({ original: songs.slice(), order: songs.map((_, i) => i) });
  }
}

/** Where the listener's own songs end in the queue: before the autoplay's suggestions. */
function endOfOwnQueue(s: PlayerState): number {
  const at = s.queue.findIndex((song, i) => i > s.index && isAutoplay(song));
  return at < 0 ? s.queue.length : at;
}

/**
 * Add to queue: the songs play after everything the listener queued (the
 * autoplay's suggestions, if any, still come after them).
 */
export function addToQueue(songs: Song[]): void {
  const list = queueable(songs);
  if (list.length === 0) return;
  const s = store.get();
  if (!currentSong(s)) {
    startQueued(list);
    return;
  }
  const at = endOfOwnQueue(s);
  // In the list's own order they go after the song they follow in play order.
  const originalAt = s.order ? (s.order[at - 1] ?? -1) + 1 : at;
  insertSongs(list, at, s.original ? originalAt : at);
}

/** Play next: the songs play right after the current one, in play order (shuffled or not). */
export function playNext(songs: Song[]): void {
  const list = queueable(songs);
  if (list.length === 0) return;
  const s = store.get();
  if (!currentSong(s)) {
    startQueued(list);
    return;
  }
  const originalAt = s.order ? (s.order[s.index] ?? -1) + 1 : s.index + 1;
  insertSongs(list, s.index + 1, originalAt);
}

/** Appends the autoplay's suggestions at the very end, each marked as autoplay. */
export function appendAutoplay(songs: Song[]): void {
  const list = queueable(songs).map((song) => ({ ...song, autoplay: true }));
  const s = store.get();
  if (list.length === 0 || !currentSong(s)) return;
  insertSongs(list, s.queue.length, s.original ? s.original.length : s.queue.length);
}

/** Autoplay turned off: its suggestions still ahead leave the queue (the song playing stays). */
export function dropUpcomingAutoplay(): void {
  for (let i = store.get().queue.length - 1; i > store.get().index; i--) {
    const song = store.get().queue[i];
    if (song && isAutoplay(song)) removeAt(i);
  }
}

/**
 * The song autoplay should follow with songs like it, or null: the queue is
 * playing its last song, repeat is off and no sleep timer ends it.
 */
export function autoplaySeed(s: PlayerState): Song | null {
  const song = currentSong(s);
  if (!song || !s.playing || s.repeat !== 'off' || s.sleep?.option === 'end') return null;
  return s.index === s.queue.length - 1 ? song : null;
}

/**
 * Moves a queue entry from one play position to another. The song that plays
 * keeps playing wherever it or the others go; while shuffled, turning
 * shuffle off still brings back the list's own order.
 */
export function moveInQueue(from: number, to: number): void {
  const { queue, index, order } = store.get();
  if (from === to || from < 0 || to < 0 || from >= queue.length || to >= queue.length) return;
  const moved = <T>(list: T[]): T[] => {
    const out = list.slice();
    const [item] = out.splice(from, 1);
    out.splice(to, 0, item as T);
    return out;
  };
  let nextIndex = index;
  if (from === index) nextIndex = to;
  else if (from < index && to >= index) nextIndex = index - 1;
  else if (from > index && to <= index) nextIndex = index + 1;
  setState({ queue: moved(queue), order: order ? moved(order) : null, index: nextIndex });
}

/** Clears what is up next; the song playing now keeps playing. */
export function clearQueue(): void {
  const song = currentSong(store.get());
  if (!song) {
    clearCurrent();
    return;
  }
  setState({
    queue: [song],
    index: 0,
    original: store.get().shuffle ? [song] : null,
    order: store.get().shuffle ? [0] : null,
  });
}

/** Forgets a deleted song wherever it sits in the queue. */
export function removeSong(id: string): void {
  for (let i = store.get().queue.length - 1; i >= 0; i--) {
    if (store.get().queue[i]?._id === id) removeAt(i);
  }
}

/** The audio element's position, mirrored for the UI. */
export function setTime(seconds: number): void {
  if (Number.isFinite(seconds) && seconds !== store.get().time) setState({ time: seconds });
}

export function setDuration(seconds: number): void {
  if (Number.isFinite(seconds) && seconds > 0 && seconds !== store.get().duration) {
    setState({ duration: seconds });
  }
}

/** What survives a reload: the queue, where it is, and the listener's settings. */
export interface SavedPlayer {
  queue: Song[];
  index: number;
  time: number;
  rate: number;
  volume: number;
  muted: boolean;
  shuffle: boolean;
  /** Absent in what older versions saved: repeat is then off. */
  repeat?: RepeatMode;
  original: Song[] | null;
  order: number[] | null;
}

export function savedPlayer(s: PlayerState = store.get()): SavedPlayer {
  const { queue, index, time, rate, volume, muted, shuffle, repeat, original, order } = s;
  return { queue, index, time, rate, volume, muted, shuffle, repeat, original, order };
}

function isSongLike(v: unknown): v is Song {
  if (!v || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  return typeof s._id === 'string' && typeof s.song === 'string' && typeof s.audio === 'string';
}

export function isSavedPlayer(v: unknown): v is SavedPlayer {
  if (!v || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  const numbers = [s.index, s.time, s.rate, s.volume].every(
    (n) => typeof n === 'number' && Number.isFinite(n),
  );
  const queue = Array.isArray(s.queue) && s.queue.every(isSongLike);
  const original =
    s.original === null || (Array.isArray(s.original) && s.original.every(isSongLike));
  const order =
    s.order === null || (Array.isArray(s.order) && s.order.every((n) => Number.isInteger(n)));
  return (
    numbers &&
    queue &&
    original &&
    order &&
    typeof s.muted === 'boolean' &&
    typeof s.shuffle === 'boolean'
  );
}

/** Puts a saved player back, paused at its saved position. */
export function restorePlayer(saved: SavedPlayer): void {
  clearSleepWait();
  const song = saved.queue[saved.index];
  const settings = {
    rate: Math.round(clamp(saved.rate, 0, RATE_MAX)),
    volume: Math.round(clamp(saved.volume, 0, VOLUME_MAX)),
    muted: saved.muted,
    shuffle: saved.shuffle,
    repeat: saved.repeat && REPEAT_ORDER.includes(saved.repeat) ? saved.repeat : ('off' as const),
  };
  const shuffleState =
    saved.shuffle &&
    saved.original &&
    saved.order &&
    saved.order.length === saved.queue.length &&
    saved.order.every((i) => i >= 0 && i < (saved.original?.length ?? 0))
      ? { original: saved.original, order: saved.order }
      : { original: null, order: null, shuffle: false };
  if (!song) {
    setState({ ...initialState, ...settings, playId: store.get().playId + 1 });
    return;
  }
  const time = Math.max(0, saved.time);
  setState({
    ...settings,
    ...shuffleState,
    queue: saved.queue,
    index: saved.index,
    playing: false,
    playId: store.get().playId + 1,
    time,
    duration: song.duration > 0 ? song.duration : 0,
    seek: time > 0 ? { id: ++seekIds, kind: 'to', value: time } : null,
  });
}

/** Puts the player back as it starts (signing out, tests). */
export function resetPlayer(): void {
  clearSleepWait();
  store.set((s) => ({ ...initialState, playId: s.playId + 1 }));
}
