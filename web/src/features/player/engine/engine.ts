import {
  currentSong,
  getPlayerState,
  setDuration,
  setPlaying,
  setTime,
  songEnded,
  upNext,
  type PlayerState,
  type SeekRequest,
} from '@/lib/player-store';
import { getPlaybackSettings } from '@/lib/playback-settings';
import type { Song } from '@/lib/song';
import { playbackRateFor, songVolume } from '../audio-math';
import { ListenCounter } from '../listen-counter';
import { streamUrl } from '../stream-url';
import { BufferedPlayer } from './buffered';
import { Decks, holds, unload } from './decks';
import { bufferedChange } from './schedule';
import {
  crossfadeGains,
  crossfadeLength,
  crossfadeProgress,
  shouldPreload,
  shouldStartCrossfade,
  timeLeft,
} from './timing';

export interface EngineEvents {
  /** The current play reached 10 seconds of actual playing (once per play). */
  onListened: (song: Song) => void;
  /** The song could not be loaded or decoded. */
  onError: (song: Song) => void;
}

/** How often the volumes move during a crossfade (ms): smooth to the ear, cheap to run. */
const FADE_TICK = 40;

/** The song that plays when the current one ends, or null at the end of the queue. */
function nextSong(s: PlayerState): Song | null {
  const at = upNext(s);
  return at < 0 ? null : (s.queue[at] ?? null);
}

/** Tells the lock screen and media keys where the song is. */
function updatePositionState(el: HTMLAudioElement): void {
  setPositionState(el.duration, el.currentTime, el.playbackRate);
}

function setPositionState(duration: number, currentTime: number, playbackRate: number): void {
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
  if (!session?.setPositionState) return;
  if (!Number.isFinite(duration) || duration <= 0 || playbackRate <= 0) return;
  try {
    session.setPositionState({
      duration,
      playbackRate,
      position: Math.min(Math.max(0, currentTime), duration),
    });
  } catch {
    // A browser may refuse odd values; the lock screen then shows no position.
  }
}

/** Moves the element to a requested position, within the song. */
function applySeek(el: HTMLAudioElement, req: SeekRequest): void {
  const end = Number.isFinite(el.duration) && el.duration > 0 ? el.duration : Infinity;
  const from = req.kind === 'to' ? 0 : el.currentTime;
  const target = Math.min(end, Math.max(0, from + req.value));
  el.currentTime = target;
  setTime(target);
}

/** The outgoing song of a running crossfade. */
interface Fade {
  el: HTMLAudioElement;
  song: Song | null;
  /** Real seconds the crossfade lasts. */
  length: number;
  timer: ReturnType<typeof setInterval>;
}

/** Whether the Web Audio path can run in this browser. */
const webAudio = typeof AudioContext !== 'undefined';

/**
 * The player's sound: two elements taking turns (see Decks), driven by the
 * player store and mirrored back into it. A natural end hands over to the
 * buffered next song at once (gapless) or, with a crossfade set, starts it
 * that many seconds early and ramps the volumes; a skip simply loads.
 * Songs of an album played in order go through Web Audio instead (see
 * BufferedPlayer and bufferedChange), so their changes are sample-accurate.
 */
export class AudioEngine {
  readonly decks: Decks;
  private readonly counter = new ListenCounter();
  /** The playId the current element holds. */
  private loadedPlay: number | null = null;
  /** A seek that waits for the song's metadata (a restore after reload). */
  private pendingSeek: SeekRequest | null = null;
  private doneSeek: number | null = null;
  private fade: Fade | null = null;
  private readonly detach: () => void;
  private readonly buffered = new BufferedPlayer({
    tick: (position, duration, playing) => this.onBufferedTime(position, duration, playing),
    advanced: (song, duration) => this.onBufferedAdvance(song, duration),
    ended: () => songEnded(),
    volume: (song) => {
      const s = getPlayerState();
      return s.muted ? 0 : songVolume(s.volume, song.loudness, getPlaybackSettings().normalize);
    },
    failed: (position) => this.toElements(position),
  });

  constructor(
    els: readonly [HTMLAudioElement, HTMLAudioElement],
    private readonly events: () => EngineEvents,
  ) {
    this.decks = new Decks(els);
    const offs = els.map((el) => this.listen(el));
    this.detach = () => offs.forEach((off) => off());
  }

  dispose(): void {
    this.buffered.stop();
    this.endFade();
    this.detach();
  }

  private listen(el: HTMLAudioElement): () => void {
    // While Web Audio plays, the emptied elements' events mean nothing.
    const isCurrent = () => el === this.decks.current && !this.buffered.engaged;
    const handlers: [string, () => void][] = [
      ['loadedmetadata', () => isCurrent() && this.onMetadata(el)],
      ['durationchange', () => isCurrent() && this.onMetadata(el)],
      ['timeupdate', () => (isCurrent() ? this.onTime(el) : this.applyVolumes())],
      ['play', () => isCurrent() && (setPlaying(true), updatePositionState(el))],
      [
        'pause',
        () => {
          if (!isCurrent()) return;
          if (!el.ended) setPlaying(false);
          updatePositionState(el);
        },
      ],
      ['seeking', () => isCurrent() && this.counter.jumped()],
      ['seeked', () => isCurrent() && updatePositionState(el)],
      ['ratechange', () => isCurrent() && updatePositionState(el)],
      ['ended', () => (isCurrent() ? this.onEnded() : this.fade?.el === el && this.endFade())],
      ['error', () => (isCurrent() ? this.onError(el) : this.fade?.el === el && this.endFade())],
    ];
    handlers.forEach(([name, fn]) => el.addEventListener(name, fn));
    return () => handlers.forEach(([name, fn]) => el.removeEventListener(name, fn));
  }

  private onMetadata(el: HTMLAudioElement): void {
    setDuration(el.duration);
    const req = this.pendingSeek;
    this.pendingSeek = null;
    if (req) applySeek(el, req);
    updatePositionState(el);
    this.preload();
  }

  private onTime(el: HTMLAudioElement): void {
    if (this.pendingSeek) return; // a restored position is still on its way
    setTime(el.currentTime);
    if (this.counter.update(el.currentTime, !el.paused && !el.seeking)) {
      const song = currentSong(getPlayerState());
      if (song) this.events().onListened(song);
    }
    this.applyVolumes();
    this.preload();
    this.maybeCrossfade(el);
  }

  private onEnded(): void {
    const next = nextSong(getPlayerState());
    if (next && holds(this.decks.spare, streamUrl(next))) this.handOver(0);
    else songEnded();
  }

  private onError(el: HTMLAudioElement): void {
    if (!el.getAttribute('src') || !el.error) return;
    const song = currentSong(getPlayerState());
    setPlaying(false);
    if (song) this.events().onError(song);
  }

  /** Buffers the next song in the spare element once the current one nears its end. */
  preload(): void {
    if (this.buffered.engaged) {
      this.preloadBuffered();
      return;
    }
    if (this.fade) return; // the spare is still fading out
    const s = getPlayerState();
    const next = nextSong(s);
    const { current, spare } = this.decks;
    if (!next || !currentSong(s)) return;
    if (holds(spare, streamUrl(next))) {
      // Left there by a skip, mid-song: the next play starts from the top.
      if (spare.paused && spare.currentTime > 0) spare.currentTime = 0;
      return;
    }
    const left = timeLeft(current.duration, current.currentTime, current.playbackRate);
    if (!shouldPreload(left, getPlaybackSettings().crossfade)) return;
    spare.preload = 'auto';
    spare.src = streamUrl(next);
  }

  /** With a crossfade set, starts the next song when the current one is that close to its end. */
  private maybeCrossfade(el: HTMLAudioElement): void {
    const { crossfade } = getPlaybackSettings();
    if (crossfade <= 0 || this.fade || el.paused || el.seeking) return;
    const next = nextSong(getPlayerState());
    const { spare } = this.decks;
    if (!next || !holds(spare, streamUrl(next))) return;
    const rate = el.playbackRate;
    const incoming = Number.isFinite(spare.duration) ? spare.duration : next.duration;
    const length = crossfadeLength(crossfade, el.duration / rate, incoming / rate);
    const left = timeLeft(el.duration, el.currentTime, rate);
    if (shouldStartCrossfade(left, length)) this.handOver(left);
  }

  /**
   * The natural change to the next song, already buffered in the spare: it
   * starts at once, becomes current, and the store moves on to it without a
   * new load. With `fadeFor` > 0 the outgoing song keeps playing and fades.
   */
  private handOver(fadeFor: number): void {
    const { current: outgoing, spare: incoming } = this.decks;
    const before = getPlayerState();
    const outSong = currentSong(before);
    // play() first: every moment before it is part of the gap.
    incoming.volume = 0;
    const started = incoming.play();
    this.decks.swap();
    if (fadeFor > 0) {
      const timer = setInterval(() => this.applyVolumes(), FADE_TICK);
      this.fade = { el: outgoing, song: outSong, length: fadeFor, timer };
    }
    songEnded();
    const after = getPlayerState();
    if (after.playId !== before.playId) this.loadedPlay = after.playId;
    this.pendingSeek = null;
    this.counter.reset();
    this.applyVolumes();
    setDuration(incoming.duration);
    updatePositionState(incoming);
    started.catch((err: unknown) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      if (getPlayerState().playId === after.playId) setPlaying(false);
    });
  }

  /** Stops the outgoing song of a crossfade (its end, a skip, a pause or a seek). */
  endFade(): void {
    const fade = this.fade;
    if (!fade) return;
    this.fade = null;
    clearInterval(fade.timer);
    fade.el.pause();
    this.applyVolumes();
    this.preload();
  }

  /** A new play from the store: loads the song from the top (or takes it from the spare). */
  load(song: Song | null, playId: number): void {
    const { current, spare } = this.decks;
    if (!song) {
      this.loadedPlay = null;
      this.pendingSeek = null;
      this.buffered.stop();
      this.endFade();
      this.decks.all.forEach(unload);
      return;
    }
    if (this.loadedPlay === playId) return;
    this.loadedPlay = playId;
    this.pendingSeek = null;
    this.counter.reset();
    this.endFade();
    if (this.wantsBuffered(song)) {
      this.loadBuffered(song, playId);
      return;
    }
    this.buffered.stop();
    if (holds(spare, streamUrl(song))) {
      // A skip to the song buffered next: no need to fetch it again.
      current.pause();
      this.decks.swap();
      if (spare.currentTime > 0) spare.currentTime = 0;
      if (spare.readyState >= HTMLMediaElement.HAVE_METADATA) this.onMetadata(spare);
    } else {
      current.src = streamUrl(song);
    }
    this.applyVolumes();
  }

  /** Plays or pauses the current element as the store says. */
  play(playing: boolean, playId: number): void {
    if (this.buffered.engaged) {
      this.buffered.setPlaying(playing);
      return;
    }
    const el = this.decks.current;
    if (!el.getAttribute('src')) return;
    if (!playing) {
      this.endFade();
      if (!el.paused) el.pause();
      return;
    }
    if (!el.paused) return;
    el.play().catch((err: unknown) => {
      // A newer load interrupted this play(); that load plays on its own.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      if (getPlayerState().playId === playId) setPlaying(false);
    });
  }

  /** Speed: the slider's value / 100, on both elements; a fresh load starts at defaultPlaybackRate. */
  setRate(value: number): void {
    const rate = playbackRateFor(value);
    for (const el of this.decks.all) {
      try {
        el.defaultPlaybackRate = rate;
        el.playbackRate = rate;
      } catch {
        // A browser that refuses this rate keeps the previous one.
      }
    }
    // A buffer source cannot keep the pitch at another speed: the elements take over.
    if (this.buffered.engaged && rate !== 1) this.toElements(this.buffered.position());
  }

  /**
   * The slider's volume, the song's loudness gain (normalisation) and, during
   * a crossfade, each song's share of the ramp, measured on its own clock.
   */
  applyVolumes(): void {
    this.buffered.applyVolumes();
    const s = getPlayerState();
    const { normalize } = getPlaybackSettings();
    const { current } = this.decks;
    const fade = this.fade;
    let gain = 1;
    if (fade) {
      const played = current.currentTime / (current.playbackRate || 1);
      gain = crossfadeGains(crossfadeProgress(played, fade.length)).incoming;
      const left = timeLeft(fade.el.duration, fade.el.currentTime, fade.el.playbackRate);
      const out = crossfadeGains(crossfadeProgress(fade.length - left, fade.length)).outgoing;
      fade.el.volume = songVolume(s.volume, fade.song?.loudness, normalize) * out;
      fade.el.muted = s.muted;
    }
    current.volume = songVolume(s.volume, currentSong(s)?.loudness, normalize) * gain;
    current.muted = s.muted;
  }

  /** A seek asked for by the UI, the keyboard, the lock screen or a restore. */
  seek(req: SeekRequest | null): void {
    const el = this.decks.current;
    if (!req || this.doneSeek === req.id) return;
    this.doneSeek = req.id;
    if (this.buffered.engaged) {
      this.counter.jumped();
      this.buffered.seek(req);
      return;
    }
    this.endFade();
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) applySeek(el, req);
    else this.pendingSeek = req;
  }

  /** Whether `song` starts a Web Audio run: it and the song after it change gaplessly. */
  private wantsBuffered(song: Song): boolean {
    const s = getPlayerState();
    const { crossfade, gapless } = getPlaybackSettings();
    return (
      webAudio && gapless && bufferedChange(song, nextSong(s), crossfade, playbackRateFor(s.rate))
    );
  }

  /** Plays `song` decoded; any failure (fetch, 401, decode) plays it on the elements instead. */
  private loadBuffered(song: Song, playId: number): void {
    // Engaged first, so the elements' pause events while emptied do not pause the store.
    const started = this.buffered.start(song);
    this.decks.all.forEach(unload);
    this.buffered.setPlaying(getPlayerState().playing);
    started.then(
      () => this.preloadBuffered(),
      () => {
        if (this.loadedPlay === playId) this.toElements(0);
      },
    );
  }

  /** Decodes the next song while it continues the run; else forgets it. */
  private preloadBuffered(): void {
    const s = getPlayerState();
    const song = this.buffered.song;
    const next = nextSong(s);
    const { crossfade } = getPlaybackSettings();
    if (song && next && bufferedChange(song, next, crossfade, playbackRateFor(s.rate))) {
      void this.buffered.queueNext(next);
    } else {
      this.buffered.dropNext();
    }
  }

  /** Leaves Web Audio: the current song goes on in the element from `position`. */
  private toElements(position: number): void {
    const s = getPlayerState();
    const song = currentSong(s);
    this.buffered.stop();
    if (!song) return;
    this.decks.current.src = streamUrl(song);
    this.pendingSeek = position > 0 ? { id: -1, kind: 'to', value: position } : null;
    this.applyVolumes();
    this.setRate(s.rate);
    this.play(s.playing, s.playId);
  }

  private onBufferedTime(position: number, duration: number, playing: boolean): void {
    setTime(position);
    if (getPlayerState().duration !== duration) setDuration(duration);
    if (this.counter.update(position, playing)) {
      const song = currentSong(getPlayerState());
      if (song) this.events().onListened(song);
    }
    setPositionState(duration, position, 1);
  }

  /** The next song took over on the context clock: the store moves on without a new load. */
  private onBufferedAdvance(song: Song, duration: number): void {
    const before = getPlayerState();
    songEnded();
    const after = getPlayerState();
    this.counter.reset();
    if (currentSong(after)?._id !== song._id) {
      // The queue moved elsewhere meanwhile: load what it says.
      this.buffered.stop();
      this.load(currentSong(after), after.playId);
      return;
    }
    if (after.playId !== before.playId) this.loadedPlay = after.playId;
    setDuration(duration);
    this.applyVolumes();
    this.preloadBuffered();
  }
}
