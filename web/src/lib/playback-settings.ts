import { readLocal, writeLocal } from './storage';
import { createStore, useStore } from './store';

/** Crossfade runs 0 (off) to 12 seconds. */
export const CROSSFADE_MAX = 12;

/** How songs follow each other and how loud they play, kept per browser. */
export interface PlaybackSettings {
  /** Seconds the next song starts before the end of the current one; 0 is a gapless change. */
  crossfade: number;
  /** Turn loud songs down to one loudness (their measured loudness or ReplayGain). */
  normalize: boolean;
  /** Kbps of the rendition songs stream at, or 0 for the original file. */
  quality: StreamQuality;
  /** When the queue ends (repeat off), songs like the last ones keep playing. */
  autoplay: boolean;
  /**
   * The tracks of one album follow each other on the very sample, decoded
   * ahead by Web Audio; off, they change over on the two audio elements,
   * a few milliseconds apart, holding less in memory.
   */
  gapless: boolean;
}

/** The streaming qualities: the original, or a rendition at these kbps. */
export const STREAM_QUALITIES = [0, 256, 160, 96] as const;
export type StreamQuality = (typeof STREAM_QUALITIES)[number];

function isQuality(v: unknown): v is StreamQuality {
  return STREAM_QUALITIES.some((q) => q === v);
}

export const PLAYBACK_SETTINGS_KEY = 'musicify.playback';

const defaults: PlaybackSettings = {
  crossfade: 0,
  normalize: true,
  quality: 0,
  autoplay: true,
  gapless: true,
};

function isSettings(v: unknown): v is Partial<PlaybackSettings> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** What was saved, with anything missing or out of range back at its default. */
export function parsePlaybackSettings(saved: Partial<PlaybackSettings> | null): PlaybackSettings {
  const crossfade =
    typeof saved?.crossfade === 'number' && Number.isFinite(saved.crossfade)
      ? Math.round(Math.min(CROSSFADE_MAX, Math.max(0, saved.crossfade)))
      : defaults.crossfade;
  const normalize = typeof saved?.normalize === 'boolean' ? saved.normalize : defaults.normalize;
  const quality = isQuality(saved?.quality) ? saved.quality : defaults.quality;
  const autoplay = typeof saved?.autoplay === 'boolean' ? saved.autoplay : defaults.autoplay;
  const gapless = typeof saved?.gapless === 'boolean' ? saved.gapless : defaults.gapless;
  return { crossfade, normalize, quality, autoplay, gapless };
}

// Read from localStorage on first use, and again after a reset.
const settings = createStore(() =>
  parsePlaybackSettings(readLocal(PLAYBACK_SETTINGS_KEY, isSettings)),
);

function update(patch: Partial<PlaybackSettings>): void {
  const next = parsePlaybackSettings({ ...settings.get(), ...patch });
  writeLocal(PLAYBACK_SETTINGS_KEY, next);
  settings.set(next);
}

export const getPlaybackSettings = settings.get;

/** Reads one setting; the component re-renders only when it changes. */
export function usePlaybackSettings<T>(selector: (s: PlaybackSettings) => T): T {
  return useStore(settings, selector);
}

export function setCrossfade(seconds: number): void {
  if (Number.isFinite(seconds)) update({ crossfade: seconds });
}

export function setNormalize(on: boolean): void {
  update({ normalize: on });
}

export function setAutoplay(on: boolean): void {
  update({ autoplay: on });
}

export function setGapless(on: boolean): void {
  update({ gapless: on });
}

export function setStreamQuality(quality: StreamQuality): void {
  update({ quality });
}

/** Reads the saved settings again (tests; another tab may have changed them). */
export const reloadPlaybackSettings = settings.reset;
