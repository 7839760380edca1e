import { useSyncExternalStore } from 'react';
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

const initial: TunedRadio = { station: null, volume: 100, muted: false, playback: IDLE_PLAYBACK };
let state: TunedRadio = initial;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setState(patch: Partial<TunedRadio>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function getTuned(): TunedRadio {
  return state;
}

export function useTuned<T>(selector: (s: TunedRadio) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(initial),
  );
}

export function setTunedStation(station: Station | null): void {
  if (station === state.station) return;
  setState({ station, playback: IDLE_PLAYBACK });
}

export function setTunedPlayback(p: TunedPlayback): void {
  const old = state.playback;
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

export function setStationVolume(volume: number): void {
  setState({ volume, muted: volume > 0 ? false : state.muted });
}

export function toggleStationMute(): void {
  setState({ muted: !state.muted });
}

/** Back as it starts (signing out, tests). */
export function resetTuned(): void {
  state = initial;
  listeners.forEach((l) => l());
}
