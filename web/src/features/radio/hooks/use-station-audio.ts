import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  decideCorrection,
  loopDrift,
  loopPosition,
  SEEK_THRESHOLD,
  SETTLED_THRESHOLD,
  wrapPosition,
  type ClockSync,
} from '@/lib/clock-sync';
import type { TunedState } from '../live/radio-live';

/** How often playback is compared with the station (ms). */
const CHECK_EVERY = 250;
/** A first guess at how long a seek takes before the audio moves again (s); learned after. */
const INITIAL_SEEK_LEAD = 0.05;
/** Drift under this (s) counts as in sync for the listener. */
export const IN_SYNC = 0.05;
/** The first seconds of a new loop, where a jump back in sync is not heard. */
const SEAM = 0.75;
/** After a jump, another one follows while the audio is further than this (s) from its place… */
const LANDED = 0.02;
/** …up to this many in a row; then small speed changes take over. */
const MAX_CALIBRATIONS = 3;

/** Where the station is, for the panel. */
export interface StationPlayback {
  /** Seconds into the audio. */
  position: number;
  /** The audio minus the station (s); null before the audio plays. */
  drift: number | null;
  /** The browser refused to start the audio without a click. */
  blocked: boolean;
  /** Why the audio cannot play (missing file, unknown format…), for the listener; null while it can. */
  failed: string | null;
}

/** One reading of the audio and the server's clock in the same tick, for tests and debugging. */
export interface RadioDebugSample {
  station: string;
  currentTime: number;
  serverNow: number;
  loopStart: number;
  duration: number;
  target: number;
  drift: number;
  offset: number | null;
  rtt: number | null;
  playbackRate: number;
  paused: boolean;
}

declare global {
  interface Window {
    /** Set while a station plays: `__radio.sample()` reads the audio against the server's clock. */
    __radio?: { sample: () => RadioDebugSample };
  }
}

const HAVE_METADATA = 1;
const HAVE_FUTURE_DATA = 3;

/** What the listener chose: a volume of 0–1 and mute. */
export interface Sound {
  volume: number;
  muted: boolean;
}

/**
 * The volume while the audio finds its place: inaudible (−80 dB), yet not
 * muted, since browsers set a muted element's output aside and stumble by a
 * few ms when it comes back, just as the listener starts to hear it.
 */
export const TUNING_VOLUME = 0.0001;

function applySound(el: HTMLAudioElement, { volume, muted }: Sound): void {
  el.volume = Math.min(1, Math.max(0, volume));
  el.muted = muted;
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** play() refused for want of a click: the only refusal a click can fix. */
function isNotAllowed(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'NotAllowedError';
}

// MediaError's codes.
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_DECODE = 3;
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

/** What the listener is told when the audio cannot be played at all. */
export const AUDIO_FAILED =
  "This station's audio could not be played. Try again later, or ask its creator to upload it again.";

/** Why the audio failed, in words a listener can act on. */
export function audioFailure(error: Pick<MediaError, 'code'> | null): string {
  switch (error?.code) {
    case MEDIA_ERR_SRC_NOT_SUPPORTED:
      // A missing file (404, 403) ends here too: browsers report both the same way.
      return "This station's audio could not be loaded: the file is missing or in a format this browser cannot play. Ask its creator to upload it again.";
    case MEDIA_ERR_DECODE:
      return "This station's audio is damaged and could not be played. Ask its creator to upload it again.";
    case MEDIA_ERR_NETWORK:
      return "This station's audio stopped loading. Check your connection, then leave the station and join it again.";
    default:
      return AUDIO_FAILED;
  }
}

/**
 * Plays the joined station on `audioRef` at the second the server says:
 * once the audio has loaded it jumps to ((serverNow − loopStart) mod
 * duration), then every 250 ms compares the audio with that target. Large
 * drift: jump again (aiming ahead by what the last jump cost); small drift:
 * a touch faster or slower until within 15 ms. The loop wraps with the
 * audio's own `loop`, and targets are taken modulo the duration.
 */
export function useStationAudio(
  audioRef: RefObject<HTMLAudioElement | null>,
  clock: ClockSync,
  tuned: TunedState | null,
  audioUrl: string | null,
  sound: Sound,
): StationPlayback & { resume: () => void } {
  const [playback, setPlayback] = useState<StationPlayback>({
    position: 0,
    drift: null,
    blocked: false,
    failed: null,
  });
  const tunedRef = useRef(tuned);
  const soundRef = useRef(sound);
  const lead = useRef(INITIAL_SEEK_LEAD);
  const aligned = useRef(false);
  const station = tuned?.station ?? null;

  useEffect(() => {
    tunedRef.current = tuned;
    soundRef.current = sound;
    const el = audioRef.current;
    if (el && aligned.current) applySound(el, sound);
  });

  useEffect(() => {
    const el = audioRef.current;
    if (!el || !station || !audioUrl) return;
    const href = new URL(audioUrl, window.location.href).href;
    if (el.src !== href) el.src = audioUrl;
    el.loop = true;
    // All but silent while it finds its place; it speaks up once in sync.
    el.muted = false;
    el.volume = TUNING_VOLUME;
    aligned.current = false;
    let afterSeek = false;
    let calibrations = 0;
    let blocked = false;
    let failed = false;
    let last = -1;
    let seam = false;

    const state = () => tunedRef.current;

    /** The audio cannot play: say why, and stop trying. */
    const fail = (message: string) => {
      failed = true;
      blocked = false;
      setPlayback((p) => ({ ...p, blocked: false, failed: message }));
    };

    const onError = () => {
      // An error of another file (a station joined since) is not this one's.
      if (el.src !== href || !el.error) return;
      fail(audioFailure(el.error));
    };

    const play = () => {
      el.play().then(
        () => {
          if (blocked) {
            blocked = false;
            setPlayback((p) => ({ ...p, blocked: false }));
          }
        },
        (err: unknown) => {
          if (isAbort(err) || failed) return;
          if (isNotAllowed(err)) {
            blocked = true;
            setPlayback((p) => ({ ...p, blocked: true }));
          } else {
            fail(audioFailure(el.error));
          }
        },
      );
    };

    const seek = () => {
      const t = state();
      if (!t) return;
      const goal = loopPosition(clock.serverNow(), t.loopStart, t.duration);
      let to = wrapPosition(goal + lead.current, t.duration);
      // The file may be a hair shorter than the server thinks: past its end is its start.
      if (Number.isFinite(el.duration) && to >= el.duration) to = 0;
      el.playbackRate = 1;
      el.currentTime = to;
      afterSeek = true;
      last = -1;
    };

    /** In sync at last: the listener hears it from here on. */
    const settle = () => {
      calibrations = 0;
      if (aligned.current) return;
      aligned.current = true;
      applySound(el, soundRef.current);
    };

    const check = () => {
      const t = state();
      // Without the server's clock there is no knowing where to be.
      if (failed || !t || !clock.synced || el.readyState < HAVE_METADATA) return;
      if (!aligned.current && !afterSeek) {
        seek();
        if (el.paused) play();
        return;
      }
      if (el.paused) {
        if (!blocked) play();
        return;
      }
      // Playing: whatever refused it before (a click since let it start) is past.
      blocked = false;
      if (el.seeking || el.readyState < HAVE_FUTURE_DATA) return;
      const goal = loopPosition(clock.serverNow(), t.loopStart, t.duration);
      const drift = loopDrift(el.currentTime, goal, t.duration);
      // The audio went round its loop: the jump back to 0 costs a little time,
      // which shows over the next few hundred ms as the audio starts again.
      if (last >= 0 && el.currentTime < last - 1) seam = true;
      else if (el.currentTime > SEAM) seam = false;
      last = el.currentTime;
      el.dataset.target = goal.toFixed(3);
      el.dataset.driftMs = (drift * 1000).toFixed(1);
      setPlayback({ position: el.currentTime, drift, blocked, failed: null });

      if (afterSeek) {
        afterSeek = false;
        if (Math.abs(drift) < SEEK_THRESHOLD) {
          // What the jump lost (or gained) is how far ahead to aim the next one.
          lead.current = Math.min(1, Math.max(0, lead.current - drift));
          if (Math.abs(drift) > LANDED && calibrations < MAX_CALIBRATIONS) {
            calibrations += 1;
            seek();
            return;
          }
        }
        settle();
      } else if (seam && Math.abs(drift) > SETTLED_THRESHOLD) {
        // A jump this close to the loop's seam is not heard as one.
        seam = false;
        seek();
        return;
      }
      const correction = decideCorrection(drift, el.playbackRate);
      if (correction.kind === 'seek') seek();
      else if (el.playbackRate !== correction.rate) el.playbackRate = correction.rate;
    };

    const timer = setInterval(check, CHECK_EVERY);
    el.addEventListener('loadedmetadata', check);
    el.addEventListener('error', onError);
    // The file may have failed already, started by the click that joined.
    onError();

    window.__radio = {
      sample: () => {
        const t = state();
        const serverNow = clock.serverNow();
        const currentTime = el.currentTime;
        const duration = t?.duration ?? 0;
        const loopStart = t?.loopStart ?? 0;
        const goal = loopPosition(serverNow, loopStart, duration);
        return {
          station,
          currentTime,
          serverNow,
          loopStart,
          duration,
          target: goal,
          drift: loopDrift(currentTime, goal, duration),
          offset: clock.offset,
          rtt: clock.rtt,
          playbackRate: el.playbackRate,
          paused: el.paused,
        };
      },
    };

    return () => {
      clearInterval(timer);
      el.removeEventListener('loadedmetadata', check);
      el.removeEventListener('error', onError);
      el.pause();
      el.playbackRate = 1;
      delete el.dataset.target;
      delete el.dataset.driftMs;
      delete window.__radio;
      aligned.current = false;
      setPlayback({ position: 0, drift: null, blocked: false, failed: null });
    };
  }, [audioRef, clock, station, audioUrl]);

  /** Starts the audio from a click, when the browser would not start it alone. */
  const resume = useCallback(() => {
    const el = audioRef.current;
    if (!el) return;
    void el.play().then(
      () => setPlayback((p) => ({ ...p, blocked: false })),
      (err: unknown) => {
        // Still refused: the button stays for another click.
        if (isAbort(err) || isNotAllowed(err)) return;
        setPlayback((p) => ({ ...p, blocked: false, failed: p.failed ?? audioFailure(el.error) }));
      },
    );
  }, [audioRef]);

  return { ...playback, resume };
}
