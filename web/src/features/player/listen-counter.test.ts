import { describe, expect, it } from 'vitest';
import { ListenCounter } from './listen-counter';

/** Feeds time updates every `step` seconds from `from` to `to`; returns how often it fired. */
function play(counter: ListenCounter, from: number, to: number, step = 0.25, playing = true) {
  let fired = 0;
  for (let t = from; t <= to + 1e-9; t += step) {
    if (counter.update(Number(t.toFixed(3)), playing)) fired++;
  }
  return fired;
}

describe('the listen counter', () => {
  it('counts a song once, after 10 seconds of playing', () => {
    const c = new ListenCounter();
    expect(play(c, 0, 9.75)).toBe(0);
    expect(play(c, 10, 10)).toBe(1);
    expect(play(c, 10.25, 60)).toBe(0);
  });

  it('does not count while paused, even when the position moves', () => {
    const c = new ListenCounter();
    play(c, 0, 6);
    // Paused (or seeking): reported positions add nothing, small steps included.
    expect(play(c, 6.25, 11, 0.25, false)).toBe(0);
    expect(c.seconds).toBeCloseTo(6);
    expect(play(c, 11.25, 14.75)).toBe(0);
    expect(play(c, 15, 15.5)).toBe(1);
  });

  it('does not count a seek forward', () => {
    const c = new ListenCounter();
    play(c, 0, 3);
    c.jumped();
    expect(play(c, 50, 56)).toBe(0);
    expect(c.seconds).toBeCloseTo(9);
    expect(play(c, 56.25, 57.25)).toBe(1);
  });

  it('ignores a jump the seeking event did not announce', () => {
    const c = new ListenCounter();
    play(c, 0, 2);
    expect(play(c, 30, 31)).toBe(0);
    expect(c.seconds).toBeCloseTo(3);
  });

  it('counts again only for a new play', () => {
    const c = new ListenCounter();
    expect(play(c, 0, 12)).toBe(1);
    c.jumped();
    expect(play(c, 0, 12)).toBe(0);
    c.reset();
    expect(c.seconds).toBe(0);
    expect(play(c, 0, 12)).toBe(1);
  });

  it('counts played media time, so 2× speed counts after 5 seconds of wall time', () => {
    const c = new ListenCounter();
    // Time updates every 250 ms of wall time advance the position by 0.5 s.
    expect(play(c, 0, 9.5, 0.5)).toBe(0);
    expect(play(c, 10, 10, 0.5)).toBe(1);
  });
});
