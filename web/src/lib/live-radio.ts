import { createStore, useStore } from './store';

/**
 * What plays live on every page, as the global player shows it: the radio
 * station tuned in, or the Jam playing on this device. The radio and Jam
 * features play it and fill this in; the player reads it and asks to stop.
 * They meet here because features do not import each other.
 */
export interface LiveStation {
  kind: 'radio' | 'jam';
  id: string;
  name: string;
  /** The creator's (or the Jam's host's) name as people read it. */
  by: string;
  /** The page it comes from: the radio, the Jam's own page. */
  href: string;
  /** A Jam's song playing, "title — artist", and its cover; a station has none. */
  song?: string;
  cover?: string;
  /** A Jam paused by whoever controls it: the bar says so rather than "live". */
  paused?: boolean;
  /** The browser would not start the sound without a click. */
  blocked: boolean;
  /** Why the audio cannot play, or null. */
  failed: string | null;
  /** The volume, 0–100, and mute: the station's own; a Jam's are the song player's. */
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

/** The radio or Jam feature says what plays (null: nothing), and how to stop it and start it. */
export function setLiveStation(next: LiveStation | null, how: Controls | null = null): void {
  controls = next ? how : null;
  station.set(next);
}

/**
 * Clears what plays if it is still of this kind: a station that goes away
 * after a Jam took over (or the other way round) leaves the newcomer shown.
 */
export function clearLiveStation(kind: LiveStation['kind']): void {
  if (station.get()?.kind === kind) setLiveStation(null);
}

/** Stops what plays live, if anything (the Stop button, the sleep timer, a media key). */
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
