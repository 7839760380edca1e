/** The slowest rate Chromium accepts; a rate of 0 is refused by every browser. */
export const MIN_PLAYBACK_RATE = 0.0625;
/** Loud songs are turned down towards this integrated loudness (LUFS). */
export const TARGET_LOUDNESS = -14;

/** The speed slider's value (0–200) as a playback rate: value / 100, never below the minimum. */
export function playbackRateFor(value: number): number {
  return Math.max(MIN_PLAYBACK_RATE, value / 100);
}

/** How much to turn a song down so it is no louder than the target; never up. */
export function loudnessGain(loudness: number | null | undefined): number {
  if (loudness === null || loudness === undefined || !Number.isFinite(loudness)) return 1;
  return Math.min(1, 10 ** ((TARGET_LOUDNESS - loudness) / 20));
}

/** The volume slider's value (0–100) as the element's volume, with the song's loudness gain. */
export function volumeFor(value: number, loudness?: number | null): number {
  const v = Math.min(100, Math.max(0, value)) / 100;
  return Math.min(1, Math.max(0, v * loudnessGain(loudness)));
}

/**
 * The element's volume for a song: the slider's value, turned down by the
 * song's loudness gain when loudness normalisation is on.
 */
export function songVolume(value: number, loudness: number | null | undefined, normalize: boolean) {
  return volumeFor(value, normalize ? loudness : null);
}

/** '1×', '1.5×', '0.25×': the speed as people read it. */
export function formatRate(value: number): string {
  return `${Number((value / 100).toFixed(2))}×`;
}
