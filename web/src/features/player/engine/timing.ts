/**
 * When the engine buffers the next song, when a crossfade starts and how the
 * two songs' volumes ramp: pure arithmetic, so it can be tested on its own.
 * Times are in real seconds (media seconds divided by the playback rate),
 * as a listener hears them.
 */

/** The next song is buffered once the current one has this many seconds left (plus the crossfade). */
export const PRELOAD_AHEAD = 30;

/** Real seconds until the end of the song; Infinity while the length is unknown. */
export function timeLeft(duration: number, position: number, rate: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !(rate > 0)) return Infinity;
  return Math.max(0, duration - position) / rate;
}

/** Whether to buffer the next song now: soon enough that it is ready at the change. */
export function shouldPreload(left: number, crossfade: number): boolean {
  return left <= PRELOAD_AHEAD + Math.max(0, crossfade);
}

/**
 * How long the crossfade between two songs lasts (real seconds): the setting,
 * but never more than half of either song, so a short song is still heard on
 * its own. 0 is a gapless change. Unknown lengths (NaN, Infinity) do not limit it.
 */
export function crossfadeLength(setting: number, outgoing: number, incoming: number): number {
  const half = (d: number) => (Number.isFinite(d) && d > 0 ? d / 2 : Infinity);
  const length = Math.min(Math.max(0, setting), half(outgoing), half(incoming));
  return length > 0 ? length : 0;
}

/** Whether the next song starts now: a crossfade is on and the current song is within it. */
export function shouldStartCrossfade(left: number, length: number): boolean {
  return length > 0 && left <= length;
}

/**
 * The two songs' gains at `progress` (0 at the start of the crossfade, 1 at
 * its end): an equal-power curve, so the sum of both stays as loud as one
 * song instead of dipping in the middle as a straight line does.
 */
export function crossfadeGains(progress: number): { outgoing: number; incoming: number } {
  const p = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 1;
  return { outgoing: Math.cos((p * Math.PI) / 2), incoming: Math.sin((p * Math.PI) / 2) };
}

/** How far a crossfade of `length` real seconds has come, from the seconds it has run. */
export function crossfadeProgress(elapsed: number, length: number): number {
  if (!(length > 0)) return 1;
  return Math.min(1, Math.max(0, elapsed / length));
}
