/**
 * How counts and lengths read everywhere in the app: one place, so a page
 * never says '1 songs' or mixes '12 min 5 sec' with '12:05'.
 */

/** The noun alone for a count shown apart from it: 'song' for 1, 'songs' otherwise. */
export function noun(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** Made once: toLocaleString('en') builds a formatter on every call, a millisecond each on a phone. */
const counts = new Intl.NumberFormat('en');

/** '1,204': a count as the app writes numbers. */
export function formatCount(count: number): string {
  return counts.format(count);
}

/** '1 song', '12 songs', '1,204 plays': a count with its noun in the right number. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${noun(count, one, many)}`;
}

/** Whole seconds, with unknown or negative lengths as 0. */
function wholeSeconds(seconds: number, round: (n: number) => number): number {
  return Number.isFinite(seconds) && seconds > 0 ? round(seconds) : 0;
}

/**
 * A song's length or a position in it: '2:56', '1:02:03' from an hour on.
 * Unknown or negative times read 0:00.
 */
export function formatTime(seconds: number): string {
  const total = wholeSeconds(seconds, Math.floor);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The length of a list of songs (an album, a playlist, a queue): '42 sec'
 * under a minute, then whole minutes ('22 min'), then '1 hr 5 min'.
 */
export function formatDuration(seconds: number): string {
  const total = wholeSeconds(seconds, Math.round);
  if (total < 60) return `${total} sec`;
  const minutes = Math.round(total / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m > 0 ? `${h} hr ${m} min` : `${h} hr`;
}

/** The total length of songs, counting only those whose length is known. */
export function totalSeconds(songs: readonly { duration: number }[]): number {
  return songs.reduce((sum, s) => sum + (s.duration > 0 ? s.duration : 0), 0);
}

/** '3 songs, 22 min', or '3 songs' while no length is known. */
export function songsSummary(songs: readonly { duration: number }[]): string {
  const seconds = totalSeconds(songs);
  const count = plural(songs.length, 'song');
  return seconds > 0 ? `${count}, ${formatDuration(seconds)}` : count;
}
