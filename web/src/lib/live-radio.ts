import { createStore, useStore } from './store';

/**
 * The radio station tuned in, as the global player shows it. The radio
 * feature plays it and fills this in; the player reads it and asks to stop.
 * They meet here because features do not import each other.
 */
export interface LiveStation {
  id: string;
  name: string;
  /** The creator's name as people read it. */
  by: string;
  /** The browser would not start the sound without a click. */
  blocked: boolean;
  /** Why the audio cannot play, or null. */
  failed: string | null;
  /** The station's own volume, 0–100, and mute: apart from the song player's. */
  volume: number;
  muted: boolean;
}

interface Controls {
  stop: () => void;
  resume: () => void;
  setVolume: (value: number) => void;
  toggleMute: () => void;
}

const station = createStore<LiveStation | null>(null);
let controls: Controls | null = null;

export const subscribeLiveRadio = station.subscribe;

export const getLiveStation = station.get;

/** The radio feature says what plays (null: nothing), and how to stop it and start it. */
export function setLiveStation(next: LiveStation | null, how: Controls | null = null): void {
  controls = next ? how : null;
  station.set(next);
}

/** Stops the station that plays, if any (the Stop button, the sleep timer, a media key). */
export function stopLiveRadio(): void {
  controls?.stop();
}

/** Starts the sound from a click when the browser refused to start it alone. */
export function resumeLiveRadio(): void {
  controls?.resume();
}

/** Sets the station's volume (0–100), from the player bar or a key. */
export function setLiveVolume(value: number): void {
  controls?.setVolume(value);
}

export function toggleLiveMute(): void {
  controls?.toggleMute();
}

export function useLiveStation(): LiveStation | null {
  return useStore(station);
}
