import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bestSample,
  ClockSync,
  computeOffset,
  decideCorrection,
  loopDrift,
  loopPosition,
  MAX_NUDGE,
  MIN_NUDGE,
  sampleOffset,
  sampleRtt,
  type SyncSample,
} from './clock-sync';

/**
 * A probe seen by a client whose clock is `skew` ms behind the server's,
 * with `up` and `down` ms on the wire and `work` ms spent by the server.
 */
function probe(t0: number, skew: number, up: number, down: number, work = 0.2): SyncSample {
  const t1 = t0 + skew + up;
  const t2 = t1 + work;
  return { t0, t1, t2, t3: t2 - skew + down };
}

describe('clock offset', () => {
  it('measures the offset and the round trip of one probe NTP’s way', () => {
    const s = probe(1_000, 7_000, 5, 5);
    expect(sampleOffset(s)).toBeCloseTo(7_000, 6);
    expect(sampleRtt(s)).toBeCloseTo(10, 6);
  });

  it('keeps the probe with the least round trip, whose asymmetry can do the least harm', () => {
    const samples = [
      probe(0, -3_000, 40, 2), // slow and lopsided: its offset is 19 ms off
      probe(100, -3_000, 1, 1.4), // the quickest
      probe(200, -3_000, 30, 3),
      probe(300, -3_000, 12, 12),
    ];
    expect(bestSample(samples)).toBe(samples[1]);
    expect(computeOffset(samples)).toBeCloseTo(-3_000 - 0.2, 6);
    // Averaging them all would be far worse.
    const mean = samples.reduce((sum, s) => sum + sampleOffset(s), 0) / samples.length;
    expect(Math.abs(mean + 3_000)).toBeGreaterThan(5);
  });

  it('has no offset without probes and skips impossible ones', () => {
    expect(computeOffset([])).toBeNull();
    const broken = { t0: 10, t1: 0, t2: 100, t3: 20 }; // a negative round trip
    expect(bestSample([broken])).toBeNull();
    expect(computeOffset([broken, probe(0, 50, 4, 4)])).toBeCloseTo(50, 6);
  });
});

describe('position in the loop', () => {
  const start = 1_700_000_000_000;

  it('is the time since the loop began, modulo the duration', () => {
    expect(loopPosition(start + 3_250, start, 12)).toBeCloseTo(3.25, 9);
    expect(loopPosition(start + 12_000 * 5 + 4_000, start, 12)).toBeCloseTo(4, 9);
    // The loop start given may be any earlier loop's: the answer is the same.
    expect(loopPosition(start + 40_000, start + 24_000, 12)).toBeCloseTo(4, 9);
  });

  it('is 0 exactly at the loop boundary and just past it just after', () => {
    expect(loopPosition(start + 12_000, start, 12)).toBe(0);
    expect(loopPosition(start + 12_001, start, 12)).toBeCloseTo(0.001, 9);
    expect(loopPosition(start + 11_999, start, 12)).toBeCloseTo(11.999, 9);
    expect(loopPosition(start, start, 12)).toBe(0);
  });

  it('works with durations that are not whole seconds', () => {
    const d = 12.042449;
    expect(loopPosition(start + d * 1000 * 3 + 10, start, d)).toBeCloseTo(0.01, 6);
  });

  it('counts back from the loop start when the clock is before it', () => {
    expect(loopPosition(start - 1_000, start, 12)).toBeCloseTo(11, 9);
  });

  it('measures drift the short way round the loop', () => {
    expect(loopDrift(5.1, 5, 12)).toBeCloseTo(0.1, 9);
    expect(loopDrift(4.9, 5, 12)).toBeCloseTo(-0.1, 9);
    // Just into the new loop while the target is at the end of the old one: a hair ahead.
    expect(loopDrift(0.02, 11.99, 12)).toBeCloseTo(0.03, 9);
    // Still at the end of the old loop while the target has wrapped: a hair behind.
    expect(loopDrift(11.98, 0.01, 12)).toBeCloseTo(-0.03, 9);
  });
});

describe('drift correction', () => {
  it('jumps when the drift is over half a second, either way', () => {
    expect(decideCorrection(0.51).kind).toBe('seek');
    expect(decideCorrection(-2).kind).toBe('seek');
    expect(decideCorrection(Number.NaN).kind).toBe('seek');
    // Even in the middle of a correction.
    expect(decideCorrection(-0.6, 1.05).kind).toBe('seek');
  });

  it('leaves the speed alone within 15 ms', () => {
    expect(decideCorrection(0.015)).toEqual({ kind: 'ok', rate: 1 });
    expect(decideCorrection(-0.01)).toEqual({ kind: 'ok', rate: 1 });
  });

  it('plays faster when behind and slower when ahead, in proportion, 2 to 5 %', () => {
    const behind = decideCorrection(-0.03);
    expect(behind.kind).toBe('nudge');
    expect(behind.rate).toBeCloseTo(1.03, 9);
    const ahead = decideCorrection(0.02);
    expect(ahead.kind).toBe('nudge');
    expect(ahead.rate).toBeCloseTo(0.98, 9);
    expect(decideCorrection(0.016).rate).toBeCloseTo(1 - MIN_NUDGE, 9);
    expect(decideCorrection(-0.4).rate).toBeCloseTo(1 + MAX_NUDGE, 9);
    expect(decideCorrection(0.5).rate).toBeCloseTo(1 - MAX_NUDGE, 9);
  });

  it('keeps the speed of a correction until the drift has closed, then goes back to 1', () => {
    // Catching up: still 20 ms behind, keep going at the same speed.
    expect(decideCorrection(-0.02, 1.03)).toEqual({ kind: 'nudge', rate: 1.03 });
    // Within 3 ms or past the target: done.
    expect(decideCorrection(-0.002, 1.03)).toEqual({ kind: 'ok', rate: 1 });
    expect(decideCorrection(0.01, 1.03)).toEqual({ kind: 'ok', rate: 1 });
    // Slowing down works the other way round.
    expect(decideCorrection(0.02, 0.97)).toEqual({ kind: 'nudge', rate: 0.97 });
    expect(decideCorrection(-0.004, 0.97)).toEqual({ kind: 'ok', rate: 1 });
  });
});

describe('ClockSync', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('probes in rounds and serves the server time from the best probe', () => {
    vi.useFakeTimers();
    let local = 10_000;
    const skew = 7_000; // the server is 7 s ahead
    const sent: { id: number; t0: number }[] = [];
    const clock = new ClockSync({
      probes: 4,
      spacing: 100,
      followUp: 2_000,
      interval: 30_000,
      now: () => local,
    });
    expect(clock.synced).toBe(false);
    expect(clock.serverNow()).toBe(local);

    clock.start((msg) => sent.push(msg));
    vi.advanceTimersByTime(0);
    // Answer each probe with a different delay; the third is the quickest.
    const delays = [30, 12, 2, 8];
    const answer = (i: number) => {
      const msg = sent[i]!;
      const d = delays[i % delays.length]!;
      local = msg.t0 + d;
      clock.handle({
        type: 'sync',
        id: msg.id,
        t0: msg.t0,
        t1: msg.t0 + skew + d / 2,
        t2: msg.t0 + skew + d / 2,
      });
    };
    answer(0);
    expect(clock.offset).toBeCloseTo(skew, 6);
    for (let i = 1; i < 4; i++) {
      vi.advanceTimersByTime(100);
      answer(i);
    }
    expect(sent).toHaveLength(4);
    expect(clock.rtt).toBe(2);
    expect(clock.serverNow()).toBeCloseTo(local + skew, 6);

    // An answer to an unknown probe changes nothing.
    clock.handle({ type: 'sync', id: 999, t0: 0, t1: 99_999, t2: 99_999 });
    expect(clock.offset).toBeCloseTo(skew, 6);

    // A follow-up round soon after, then one every interval.
    vi.advanceTimersByTime(2_000 - 300 + 1);
    expect(sent).toHaveLength(5);
    vi.advanceTimersByTime(30_000);
    expect(sent.length).toBeGreaterThanOrEqual(9);

    clock.stop();
    const count = sent.length;
    vi.advanceTimersByTime(120_000);
    expect(sent).toHaveLength(count);
  });

  it('forgets probes older than the last few rounds', () => {
    vi.useFakeTimers();
    let local = 0;
    const sent: { id: number; t0: number }[] = [];
    const clock = new ClockSync({
      probes: 1,
      followUp: 60_000,
      interval: 1_000,
      keepRounds: 2,
      now: () => local,
    });
    clock.start((msg) => sent.push(msg));
    vi.advanceTimersByTime(0);
    const answer = (offset: number, rtt: number) => {
      const msg = sent[sent.length - 1]!;
      local = msg.t0 + rtt;
      clock.handle({
        type: 'sync',
        id: msg.id,
        t0: msg.t0,
        t1: msg.t0 + offset + rtt / 2,
        t2: msg.t0 + offset + rtt / 2,
      });
    };
    answer(500, 1); // a very quick probe with one offset…
    vi.advanceTimersByTime(1_000);
    answer(800, 20); // …then the clock moved and probes are slower
    expect(clock.offset).toBeCloseTo(500, 6);
    vi.advanceTimersByTime(1_000);
    answer(800, 20);
    // Two rounds later the quick old probe has gone.
    expect(clock.offset).toBeCloseTo(800, 6);
  });

  it('tells its subscribers when the offset changes', () => {
    const clock = new ClockSync({ now: () => 0 });
    const seen: (number | null)[] = [];
    const unsubscribe = clock.subscribe(() => seen.push(clock.offset));
    clock.add({ t0: 0, t1: 105, t2: 105, t3: 10 });
    clock.add({ t0: 0, t1: 103, t2: 103, t3: 6 }); // quicker: new offset
    clock.add({ t0: 0, t1: 300, t2: 300, t3: 50 }); // slower: ignored
    unsubscribe();
    clock.add({ t0: 0, t1: 101, t2: 101, t3: 2 });
    expect(seen).toEqual([100, 100]);
    expect(clock.offset).toBe(100);
    expect(clock.rtt).toBe(2);
  });
});
