import { useEffect, useRef, useState, type RefObject } from 'react';
import { decideCorrection, type ClockSync } from '@/lib/clock-sync';
import { setPlaying as pauseSongPlayer } from '@/lib/player-store';
import type { Jam } from '../api/jams';

/**
 * What playing a Jam takes: a member's Jam, or a listen-only visitor's
 * (`visitor`), whose audio links cover the songs playing and next.
 */
export type PlayableJam = Pick<Jam, 'playing' | 'position' | 'serverTime' | 'ended' | 'member'> & {
  visitor?: boolean;
  queue: readonly { id: string; song: { audio: string } }[];
};

/** How often the audio is compared with the Jam (ms). */
const CHECK_EVERY = 250;
/** Further than this (s) from the Jam, a paused audio jumps. */
const JUMP = 0.25;
/** A jump that lands further than this (s) from its place is made again… */
const LANDED = 0.02;
/** …up to this many times in a row; then small speed changes take over. */
const MAX_CALIBRATIONS = 3;
/** Drift beyond this (s) is heard as an echo between devices in one room: jump back in place. */
const ECHO = 0.1;
/** A first guess at how long a jump takes before the audio moves again (s); learned after. */
const INITIAL_LEAD = 0.05;

/** One reading of the audio against the Jam's clock, for tests and debugging. */
export interface JamSample {
  entry: string | null;
  currentTime: number;
  target: number;
  drift: number;
  paused: boolean;
  serverNow: number;
  /** The first jumps are done: from here on only small speed changes keep it in place. */
  aligned: boolean;
}

declare global {
  interface Window {
    /** Set while a Jam plays here: `__jam.sample()` reads the audio against the server's clock. */
    __jam?: { sample: () => JamSample };
  }
}

/** Where the Jam's first song is at the server time `now` (s). */
export function jamPosition(
  jam: Pick<Jam, 'playing' | 'position' | 'serverTime'>,
  now: number,
): number {
  return jam.playing ? jam.position + (now - jam.serverTime) / 1000 : jam.position;
}

/**
 * Plays the Jam's first song on `audio` at the second the server says,
 * when `here` (this device plays for the room): every 250 ms it compares
 * the audio with the Jam and jumps or nudges the speed, as the radio does.
 * When the song ends, it tells the server, which moves everyone on.
 */
export function useJamAudio(
  audioRef: RefObject<HTMLAudioElement | null>,
  jam: PlayableJam | undefined,
  clock: ClockSync,
  here: boolean,
  volume: number,
  ended: (entry: string) => void,
): { blocked: boolean; resume: () => void } {
  const [blocked, setBlocked] = useState(false);
  const jamRef = useRef(jam);
  const endedRef = useRef(ended);
  const lead = useRef(INITIAL_LEAD);
  useEffect(() => {
    jamRef.current = jam;
    endedRef.current = ended;
  });
  const entry = here && (jam?.member || jam?.visitor) && !jam.ended ? (jam.queue[0] ?? null) : null;
  const entryId = entry?.id ?? null;
  // The audio's URL is signed afresh on each read of the Jam: the entry
  // decides when the file changes, not the URL.
  const src = entry?.song.audio || null;
  const srcRef = useRef(src);
  useEffect(() => {
    srcRef.current = src;
  });

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.volume = Math.min(1, Math.max(0, volume));
  }, [audioRef, volume]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const src = srcRef.current;
    if (!src || !entryId) {
      audio.pause();
      return;
    }
    if (audio.src !== new URL(src, window.location.href).href) audio.src = src;
    const target = () => {
      const j = jamRef.current;
      return j ? jamPosition(j, clock.serverNow()) : 0;
    };
    const play = () => {
      pauseSongPlayer(false); // one sound at a time: the Jam's
      audio.play().then(
        () => setBlocked(false),
        (err: unknown) => {
          if (err instanceof DOMException && err.name === 'NotAllowedError') setBlocked(true);
        },
      );
    };
    // As the radio does: jump aiming ahead by what the last jump cost, jump
    // again while it landed more than 20 ms off (up to 3 times), then nudge
    // the speed for small drifts.
    let aligned = false;
    let afterSeek = false;
    let calibrations = 0;
    const seek = (goal: number) => {
      audio.playbackRate = 1;
      audio.currentTime = Math.max(0, goal + lead.current);
      afterSeek = true;
    };
    const check = () => {
      const j = jamRef.current;
      // A link that expired while the song waited (a long pause): the
      // latest read's link, for the same song, takes over.
      const fresh = srcRef.current;
      if (audio.error && fresh && audio.src !== new URL(fresh, window.location.href).href) {
        audio.src = fresh;
        aligned = false;
        afterSeek = false;
        return;
      }
      if (!j || audio.readyState < 1) return;
      const goal = target();
      if (!j.playing) {
        if (!audio.paused) audio.pause();
        if (Math.abs(audio.currentTime - goal) > JUMP) audio.currentTime = Math.max(0, goal);
        aligned = false;
        return;
      }
      if (Number.isFinite(audio.duration) && goal >= audio.duration) return; // its end is on its way
      if (!aligned && !afterSeek) {
        seek(goal);
        if (audio.paused) play();
        return;
      }
      if (audio.paused) {
        play();
        return;
      }
      if (audio.seeking || audio.readyState < 3) return;
      const drift = audio.currentTime - goal;
      audio.dataset.driftMs = (drift * 1000).toFixed(1);
      if (afterSeek) {
        afterSeek = false;
        if (Math.abs(drift) < JUMP) {
          lead.current = Math.min(1, Math.max(0, lead.current - drift));
          if (Math.abs(drift) > LANDED && calibrations < MAX_CALIBRATIONS) {
            calibrations += 1;
            seek(goal);
            return;
          }
        }
        aligned = true;
        calibrations = 0;
      }
      const c = decideCorrection(drift, audio.playbackRate);
      // A room hears two devices a tenth of a second apart as an echo: jump
      // sooner than the radio, whose listeners are each on their own.
      if (c.kind === 'seek' || Math.abs(drift) > ECHO) seek(goal);
      else if (audio.playbackRate !== c.rate) audio.playbackRate = c.rate;
    };
    const onEnded = () => endedRef.current(entryId);
    const timer = setInterval(check, CHECK_EVERY);
    audio.addEventListener('loadedmetadata', check);
    audio.addEventListener('ended', onEnded);
    window.__jam = {
      sample: () => {
        const goal = target();
        return {
          entry: entryId,
          currentTime: audio.currentTime,
          target: goal,
          drift: audio.currentTime - goal,
          paused: audio.paused,
          serverNow: clock.serverNow(),
          aligned,
        };
      },
    };
    check();
    return () => {
      clearInterval(timer);
      audio.removeEventListener('loadedmetadata', check);
      audio.removeEventListener('ended', onEnded);
      audio.playbackRate = 1;
      delete window.__jam;
    };
  }, [audioRef, entryId, clock]);

  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, [audioRef]);

  return {
    blocked,
    resume: () => {
      const audio = audioRef.current;
      if (!audio) return;
      void audio.play().then(
        () => setBlocked(false),
        () => undefined,
      );
    },
  };
}
