import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  currentSong,
  getPlayerState,
  setDuration,
  setPlaying,
  setTime,
  songEnded,
  useCurrentSong,
  usePlayer,
  type SeekRequest,
} from '@/lib/player-store';
import type { Song } from '@/lib/song';
import { playbackRateFor, volumeFor } from '../audio-math';
import { ListenCounter } from '../listen-counter';

interface EngineEvents {
  /** The current play reached 10 seconds of actual playing (once per play). */
  onListened: (song: Song) => void;
  /** The song could not be loaded or decoded. */
  onError: (song: Song) => void;
}

/** Tells the lock screen and media keys where the song is. */
function updatePositionState(el: HTMLAudioElement): void {
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
  if (!session?.setPositionState) return;
  const { duration, currentTime, playbackRate } = el;
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

/**
 * Drives the one <audio> element from the player store and mirrors it back:
 * loads each new play, plays and pauses, seeks, applies speed and volume,
 * follows the end of a song to the next one and counts the listen.
 */
export function useAudioEngine(audioRef: RefObject<HTMLAudioElement | null>, events: EngineEvents) {
  const song = useCurrentSong();
  const playId = usePlayer((s) => s.playId);
  const playing = usePlayer((s) => s.playing);
  const rate = usePlayer((s) => s.rate);
  const volume = usePlayer((s) => s.volume);
  const muted = usePlayer((s) => s.muted);
  const seek = usePlayer((s) => s.seek);

  const [counter] = useState(() => new ListenCounter());
  const loadedPlay = useRef<number | null>(null);
  const pendingSeek = useRef<SeekRequest | null>(null);
  const doneSeek = useRef<number | null>(null);
  const eventsRef = useRef(events);

  useEffect(() => {
    eventsRef.current = events;
  });

  // The element's own events, wired once.
  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;

    const onMetadata = () => {
      setDuration(el.duration);
      const req = pendingSeek.current;
      pendingSeek.current = null;
      if (req) applySeek(el, req);
      updatePositionState(el);
    };
    const onTime = () => {
      if (pendingSeek.current) return; // a restored position is still on its way
      setTime(el.currentTime);
      if (counter.update(el.currentTime, !el.paused && !el.seeking)) {
        const current = currentSong(getPlayerState());
        if (current) eventsRef.current.onListened(current);
      }
    };
    const onPlay = () => {
      setPlaying(true);
      updatePositionState(el);
    };
    const onPause = () => {
      if (!el.ended) setPlaying(false);
      updatePositionState(el);
    };
    const onSeeking = () => counter.jumped();
    const onSeeked = () => updatePositionState(el);
    const onRate = () => updatePositionState(el);
    const onEnded = () => songEnded();
    const onError = () => {
      if (!el.getAttribute('src') || !el.error) return;
      const current = currentSong(getPlayerState());
      setPlaying(false);
      if (current) eventsRef.current.onError(current);
    };

    const handlers: [string, () => void][] = [
      ['loadedmetadata', onMetadata],
      ['durationchange', onMetadata],
      ['timeupdate', onTime],
      ['play', onPlay],
      ['pause', onPause],
      ['seeking', onSeeking],
      ['seeked', onSeeked],
      ['ratechange', onRate],
      ['ended', onEnded],
      ['error', onError],
    ];
    handlers.forEach(([name, fn]) => el.addEventListener(name, fn));
    return () => handlers.forEach(([name, fn]) => el.removeEventListener(name, fn));
  }, [audioRef, counter]);

  // A new play: load the song from the top, the played seconds start at 0.
  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    if (!song) {
      loadedPlay.current = null;
      pendingSeek.current = null;
      if (el.getAttribute('src')) {
        el.pause();
        el.removeAttribute('src');
        el.load();
      }
      return;
    }
    if (loadedPlay.current === playId) return;
    loadedPlay.current = playId;
    pendingSeek.current = null;
    counter.reset();
    el.src = song.audio;
  }, [audioRef, counter, song, playId]);

  // Play or pause as the store says.
  useEffect(() => {
    const el = audioRef.current;
    if (!el || !song) return;
    if (playing) {
      if (!el.paused) return;
      el.play().catch((err: unknown) => {
        // A newer load interrupted this play(); that load plays on its own.
        if (err instanceof DOMException && err.name === 'AbortError') return;
        if (getPlayerState().playId === playId) setPlaying(false);
      });
    } else if (!el.paused) {
      el.pause();
    }
  }, [audioRef, song, playing, playId]);

  // Speed: the slider's value / 100; a fresh load starts at defaultPlaybackRate.
  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    const value = playbackRateFor(rate);
    try {
      el.defaultPlaybackRate = value;
      el.playbackRate = value;
    } catch {
      // A browser that refuses this rate keeps the previous one.
    }
  }, [audioRef, rate, playId]);

  // Volume: the slider's value / 100, turned down for loud songs.
  const loudness = song?.loudness ?? null;
  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    el.volume = volumeFor(volume, loudness);
    el.muted = muted;
  }, [audioRef, volume, muted, loudness]);

  // Seeks asked for by the UI, the keyboard, the lock screen or a restore.
  useEffect(() => {
    const el = audioRef.current;
    if (!el || !seek || doneSeek.current === seek.id) return;
    doneSeek.current = seek.id;
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) {
      applySeek(el, seek);
    } else {
      pendingSeek.current = seek;
    }
  }, [audioRef, seek]);
}
