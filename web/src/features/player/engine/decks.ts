/**
 * Two <audio> elements that take turns: the current one plays, the other
 * (the spare) buffers the song that follows, so the change at the end of a
 * song is a play() on an element that is already loaded instead of a fresh
 * load. The current one carries data-current, for tests and devtools.
 */
export class Decks {
  private cur: 0 | 1 = 0;

  constructor(private readonly els: readonly [HTMLAudioElement, HTMLAudioElement]) {
    this.mark();
  }

  get current(): HTMLAudioElement {
    return this.els[this.cur];
  }

  get spare(): HTMLAudioElement {
    return this.els[this.cur === 0 ? 1 : 0];
  }

  get all(): readonly HTMLAudioElement[] {
    return this.els;
  }

  /** The spare becomes current (and the current one the spare). */
  swap(): void {
    this.cur = this.cur === 0 ? 1 : 0;
    this.mark();
  }

  private mark(): void {
    this.current.dataset.current = 'true';
    delete this.spare.dataset.current;
  }
}

/** Whether `el` holds `url` (as set, not as the browser resolved it) and could play it. */
export function holds(el: HTMLAudioElement, url: string): boolean {
  return el.getAttribute('src') === url && !el.error;
}

/** Empties an element, so it stops fetching and lets go of its buffer. */
export function unload(el: HTMLAudioElement): void {
  if (!el.getAttribute('src')) return;
  el.pause();
  el.removeAttribute('src');
  el.load();
}
