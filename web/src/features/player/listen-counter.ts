/** A song counts as listened after this many seconds of actual playing. */
export const LISTEN_THRESHOLD = 10;
/** A larger step between two time updates is a jump, not playing. */
const MAX_STEP = 4;

/**
 * Sums how far the song really played: advances of the position while it
 * plays. Paused time and seeking jumps add nothing. `update` says true exactly
 * once per play, when the sum reaches the threshold.
 */
export class ListenCounter {
  private played = 0;
  private last: number | null = null;
  private counted = false;

  constructor(private readonly threshold = LISTEN_THRESHOLD) {}

  /** A new play: the played seconds start again from 0. */
  reset(): void {
    this.played = 0;
    this.last = null;
    this.counted = false;
  }

  /** The position jumped (a seek): the next update only sets the new starting point. */
  jumped(): void {
    this.last = null;
  }

  /** Feeds the audio element's position; true once, when the song has just counted as listened. */
  update(position: number, playing: boolean): boolean {
    const last = this.last;
    this.last = position;
    if (!playing || last === null) return false;
    const step = position - last;
    if (step > 0 && step <= MAX_STEP) this.played += step;
    if (!this.counted && this.played >= this.threshold) {
      this.counted = true;
      return true;
    }
    return false;
  }

  get seconds(): number {
    return this.played;
  }
}
