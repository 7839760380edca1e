/**
 * When the buffered (Web Audio) path applies and where its sources sit on
 * the audio context's clock: pure arithmetic, tested on its own. Times are
 * context seconds; positions are seconds into a song (playback rate 1).
 */
import type { Song } from '@/lib/song';

/**
 * Songs longer than this play on the elements: a decoded song is held in
 * memory as 32-bit floats (about 23 MB a minute of stereo at 48 kHz), and
 * only the current song and the next are ever held.
 */
export const MAX_BUFFERED_SECONDS = 10 * 60;

/** So is a file larger than this (bytes), whatever its length says. */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/** How far ahead of now a fresh source is started: time for the audio thread to see it. */
export const START_LEAD = 0.05;

/** Whether a song is short enough to decode in memory (its length must be known). */
export function fitsInMemory(song: Song): boolean {
  return song.duration > 0 && song.duration <= MAX_BUFFERED_SECONDS;
}

/**
 * Whether `next` continues `song` on the same album, the only case where a
 * gap at the change is heard as a fault (a live album, a DJ mix, one piece
 * cut into tracks). Track numbers, when both are known, must follow on.
 */
export function continuesAlbum(song: Song, next: Song): boolean {
  if (!song.album || !song.albumId || song.albumId !== next.albumId) return false;
  const [a, b] = [song.track ?? 0, next.track ?? 0];
  if (a > 0 && b > 0 && (song.disc ?? 0) === (next.disc ?? 0)) return b === a + 1;
  return true;
}

/**
 * Whether the change from `song` to `next` is sample-accurate Web Audio
 * rather than the two elements: a gapless change (no crossfade), at 1×
 * (a buffer source cannot keep the pitch at other speeds, an element can),
 * both songs from one album in order and small enough to hold decoded.
 */
export function bufferedChange(
  song: Song,
  next: Song | null,
  crossfade: number,
  rate: number,
): boolean {
  return (
    !!next &&
    crossfade <= 0 &&
    rate === 1 &&
    fitsInMemory(song) &&
    fitsInMemory(next) &&
    continuesAlbum(song, next)
  );
}

/** `t` moved on to the next sample frame boundary, so back-to-back sources share one frame grid. */
export function onFrame(t: number, sampleRate: number): number {
  return Math.ceil(t * sampleRate - 1e-6) / sampleRate;
}

/** When a fresh source starts: a little after `now`, on a frame boundary. */
export function freshStart(now: number, sampleRate: number): number {
  return onFrame(now + START_LEAD, sampleRate);
}

/**
 * When the next song's source starts: the exact context time the current
 * buffer runs out, having started at `startAt` from `offset` seconds into a
 * buffer of `frames` sample frames. Counted in frames, so the two buffers
 * meet on the same sample.
 */
export function nextStart(
  startAt: number,
  offset: number,
  frames: number,
  sampleRate: number,
): number {
  const startFrame = Math.round(startAt * sampleRate);
  const offsetFrame = Math.round(offset * sampleRate);
  return (startFrame + Math.max(0, frames - offsetFrame)) / sampleRate;
}

/** The position in a song that started at `startAt` from `offset`, at context time `now`. */
export function positionAt(now: number, startAt: number, offset: number, duration: number): number {
  return Math.min(duration, Math.max(0, offset + Math.max(0, now - startAt)));
}

/** Where a seek lands: to a time or by some seconds from `position`, within the song. */
export function seekTarget(
  req: { kind: 'to' | 'by'; value: number },
  position: number,
  duration: number,
): number {
  const from = req.kind === 'to' ? 0 : position;
  return Math.min(duration, Math.max(0, from + req.value));
}
