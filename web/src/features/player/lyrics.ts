import type { LyricLine } from './api/get-lyrics';

/**
 * The line being sung at `ms` into the song: the last one started by then,
 * or -1 before the first. Lines come sorted by start (the server sorts them).
 */
export function currentLine(lines: readonly LyricLine[], ms: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.start_ms <= ms) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
