import { describe, expect, it } from 'vitest';
import {
  crossfadeGains,
  crossfadeLength,
  crossfadeProgress,
  PRELOAD_AHEAD,
  shouldPreload,
  shouldStartCrossfade,
  timeLeft,
} from './timing';

describe('timeLeft', () => {
  it('is the media time left at the playback rate', () => {
    expect(timeLeft(200, 180, 1)).toBe(20);
    expect(timeLeft(200, 180, 2)).toBe(10);
    expect(timeLeft(200, 180, 0.5)).toBe(40);
  });

  it('is never negative, and infinite while the length is unknown', () => {
    expect(timeLeft(200, 201, 1)).toBe(0);
    expect(timeLeft(Number.NaN, 10, 1)).toBe(Infinity);
    expect(timeLeft(Infinity, 10, 1)).toBe(Infinity);
    expect(timeLeft(0, 0, 1)).toBe(Infinity);
  });
});

describe('shouldPreload', () => {
  it('buffers the next song once the current one is near its end', () => {
    expect(shouldPreload(PRELOAD_AHEAD + 1, 0)).toBe(false);
    expect(shouldPreload(PRELOAD_AHEAD, 0)).toBe(true);
    expect(shouldPreload(2, 0)).toBe(true);
  });

  it('starts earlier by the crossfade, which starts the next song earlier', () => {
    expect(shouldPreload(PRELOAD_AHEAD + 10, 12)).toBe(true);
    expect(shouldPreload(PRELOAD_AHEAD + 13, 12)).toBe(false);
  });

  it('waits while the length of the current song is unknown', () => {
    expect(shouldPreload(Infinity, 12)).toBe(false);
  });
});

describe('crossfadeLength', () => {
  it('is the setting for songs long enough', () => {
    expect(crossfadeLength(6, 200, 180)).toBe(6);
  });

  it('is 0 when crossfade is off: a gapless change', () => {
    expect(crossfadeLength(0, 200, 180)).toBe(0);
    expect(crossfadeLength(-2, 200, 180)).toBe(0);
  });

  it('never takes more than half of either song', () => {
    expect(crossfadeLength(12, 10, 180)).toBe(5);
    expect(crossfadeLength(12, 200, 3)).toBe(1.5);
  });

  it('is not limited by a length that is not known yet', () => {
    expect(crossfadeLength(8, Number.NaN, Infinity)).toBe(8);
  });
});

describe('shouldStartCrossfade', () => {
  it('starts the next song when the time left reaches the crossfade', () => {
    expect(shouldStartCrossfade(6.2, 6)).toBe(false);
    expect(shouldStartCrossfade(6, 6)).toBe(true);
    expect(shouldStartCrossfade(0.5, 6)).toBe(true);
  });

  it('never starts early without a crossfade (the change waits for the end)', () => {
    expect(shouldStartCrossfade(0, 0)).toBe(false);
  });
});

describe('crossfadeGains', () => {
  it('goes from the outgoing song alone to the incoming song alone', () => {
    expect(crossfadeGains(0)).toEqual({ outgoing: 1, incoming: 0 });
    const end = crossfadeGains(1);
    expect(end.outgoing).toBeCloseTo(0, 10);
    expect(end.incoming).toBe(1);
  });

  it('keeps the power of the two songs together constant (equal power)', () => {
    for (const p of [0.1, 0.25, 0.5, 0.8]) {
      const { outgoing, incoming } = crossfadeGains(p);
      expect(outgoing ** 2 + incoming ** 2).toBeCloseTo(1, 10);
    }
    const mid = crossfadeGains(0.5);
    expect(mid.outgoing).toBeCloseTo(Math.SQRT1_2, 10);
    expect(mid.incoming).toBeCloseTo(Math.SQRT1_2, 10);
  });

  it('ramps the outgoing song down and the incoming up all the way', () => {
    let last = crossfadeGains(0);
    for (let p = 0.1; p <= 1; p += 0.1) {
      const g = crossfadeGains(p);
      expect(g.outgoing).toBeLessThan(last.outgoing);
      expect(g.incoming).toBeGreaterThan(last.incoming);
      last = g;
    }
  });

  it('clamps progress outside 0–1', () => {
    expect(crossfadeGains(-1)).toEqual(crossfadeGains(0));
    expect(crossfadeGains(3)).toEqual(crossfadeGains(1));
  });
});

describe('crossfadeProgress', () => {
  it('is the share of the crossfade that has run', () => {
    expect(crossfadeProgress(0, 6)).toBe(0);
    expect(crossfadeProgress(3, 6)).toBe(0.5);
    expect(crossfadeProgress(9, 6)).toBe(1);
    expect(crossfadeProgress(-1, 6)).toBe(0);
  });

  it('is complete for a crossfade of no length', () => {
    expect(crossfadeProgress(0, 0)).toBe(1);
  });
});
