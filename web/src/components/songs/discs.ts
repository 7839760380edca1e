import type { Song } from '@/lib/song';

/**
 * Where each disc of an album starts in its songs (already in disc and
 * track order): index → disc number. Empty when the songs fill one disc,
 * since a lone 'Disc 1' header says nothing.
 */
export function discStarts(songs: Pick<Song, 'disc'>[]): Map<number, number> {
  const starts = new Map<number, number>();
  let last: number | null = null;
  songs.forEach((s, i) => {
    const disc = Math.max(s.disc ?? 0, 1);
    if (disc !== last) starts.set(i, disc);
    last = disc;
  });
  return starts.size > 1 ? starts : new Map();
}

/** The number a row shows: the track number when asked for and known, else the position. */
export function rowNumber(song: Pick<Song, 'track'>, index: number, tracks: boolean): number {
  return tracks && (song.track ?? 0) > 0 ? (song.track as number) : index + 1;
}
