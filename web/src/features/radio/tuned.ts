import { createStore, useStore } from '@/lib/store';
import type { Station } from './api/types';

/**
 * Where the station's playback is, for the panel of the Radio page. The
 * same shape as useStationAudio's answer, kept here so this module stays
 * small: the shell loads it on every page.
 */
export interface TunedPlayback {
  position: number;
  drift: number | null;
  blocked: boolean;
  failed: string | null;
}

/** The station tuned in, kept while the listener moves between pages. */
export interface TunedRadio {
  station: Station | null;
  /** The station's own volume, 0–100, and mute. */
  volume: number;
  muted: boolean;
  playback: TunedPlayback;
}

export const IDLE_PLAYBACK: TunedPlayback = {
  position: 0,
  drift: null,
  blocked: false,
  failed: null,
};

const tuned = createStore<TunedRadio>({
  station: null,
  volume: 100,
  muted: false,
  playback: IDLE_PLAYBACK,
});

function setState(patch: Partial<TunedRadio>): void {
  tuned.set((s) => ({ ...s, ...patch }));
}

export const getTuned = tuned.get;

export function useTuned<T>(selector: (s: TunedRadio) => T): T {
  return useStore(tuned, selector);
}

export function setTunedStation(station: Station | null): void {
  if (station === tuned.get().station) return;
  setState({ station, playback: IDLE_PLAYBACK });
}

export function setTunedPlayback(p: TunedPlayback): void {
  const old = tuned.get().playback;
  if (
    old.position === p.position &&
    old.drift === p.drift &&
    old.blocked === p.blocked &&
    old.failed === p.failed
  ) {
    return;
  }
  setState({
    playback: { position: p.position, drift: p.drift, blocked: p.blocked, failed: p.failed },
  });
}

export function setStationVolume(value: number): void {
  if (!Number.isFinite(value)) return;
  const volume = Math.round(Math.min(100, Math.max(0, value)));
  setState({ volume, muted: volume > 0 ? false : tuned.get().muted });
}

export function toggleStationMute(): void {
  const { volume, muted } = tuned.get();
  // Unmuting a silent slider would still be silent: bring it back to half, as the player does.
  if (muted || volume === 0) {
    setState({ muted: false, volume: volume === 0 ? 50 : volume });
    return;
  }
  setState({ muted: true });
}

/** Back as it starts (signing out, tests). */
export const resetTuned = tuned.reset;
