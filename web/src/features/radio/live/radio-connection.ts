import { setPlaying } from '@/lib/player-store';
import { timeSample } from '../api/get-time';
import type { Station } from '../api/types';
import { setTunedStation } from '../tuned';
import { RadioLive } from './radio-live';

/**
 * The one live connection of the app: the Radio page holds it while it is
 * open, and the station tuned in holds it while it plays on other pages, so
 * the server counts one listener and the clock stays in sync throughout.
 */
export const radioLive = new RadioLive({ fallbackSample: () => timeSample() });

let holders = 0;

/** Keeps the connection open until the returned function is called. */
export function holdRadioLive(): () => void {
  holders += 1;
  if (holders === 1) radioLive.start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) radioLive.stop();
  };
}

let element: HTMLAudioElement | null = null;

/**
 * The station's own <audio>, apart from the song player's, made once and
 * kept on the body (after the app) so it outlives every page.
 */
export function stationAudio(): HTMLAudioElement {
  if (!element) {
    element = document.createElement('audio');
    element.className = 'radio-audio';
    element.preload = 'auto';
    document.body.append(element);
  }
  return element;
}

/** Stops the station's audio and lets go of the file. */
function silence(): void {
  if (!element) return;
  element.pause();
  element.removeAttribute('src');
  element.load();
}

/**
 * Tunes in from a click: the song pauses, and the audio starts inside the
 * click (browsers want a gesture for sound), all but silent until it is at
 * the right second.
 */
export function tuneIn(station: Station, startVolume: number): void {
  setPlaying(false);
  const el = stationAudio();
  if (el.src !== new URL(station.audio, window.location.href).href) el.src = station.audio;
  el.muted = false;
  el.volume = startVolume;
  // A refusal here is not the last word: useStationAudio plays again once
  // tuned in, and reads `el.error` then, so a file that failed already shows.
  void el.play().catch(() => undefined);
  setTunedStation(station);
  radioLive.join(station._id);
}

/** Leaves the station: the server stops counting us and the audio stops. */
export function tuneOut(): void {
  radioLive.leave();
  silence();
  setTunedStation(null);
}
