import { createStore } from './store';

/**
 * The server's clock, measured NTP's way, and the maths of playing along with it.
 *
 * A probe carries the client's send time t0; the server stamps its receive
 * and send times t1 and t2; the client notes t3 when the answer arrives.
 * The probe with the least round trip has the least room for asymmetric
 * delay, so its offset is the one kept.
 */

/** One answered probe: client send, server receive, server send, client receive (ms). */
export interface SyncSample {
  t0: number;
  t1: number;
  t2: number;
  t3: number;
}

/** How far the server's clock is ahead of ours, as one probe saw it (ms). */
export function sampleOffset({ t0, t1, t2, t3 }: SyncSample): number {
  return (t1 - t0 + (t2 - t3)) / 2;
}

/** The time the probe spent on the network, without the server's own time (ms). */
export function sampleRtt({ t0, t1, t2, t3 }: SyncSample): number {
  return t3 - t0 - (t2 - t1);
}

/** The probe with the least round trip; null when there is none. */
export function bestSample(samples: readonly SyncSample[]): SyncSample | null {
  let best: SyncSample | null = null;
  for (const s of samples) {
    const rtt = sampleRtt(s);
    if (!Number.isFinite(rtt) || rtt < 0) continue;
    if (!best || rtt < sampleRtt(best)) best = s;
  }
  return best;
}

/** The offset of the least-delayed probe (server − client, ms); null without probes. */
export function computeOffset(samples: readonly SyncSample[]): number | null {
  const best = bestSample(samples);
  return best ? sampleOffset(best) : null;
}

/** Where a looping audio is at a server instant: seconds in [0, duration). */
export function loopPosition(serverNowMs: number, loopStartMs: number, durationS: number): number {
  const period = durationS * 1000;
  if (!(period > 0)) return 0;
  const elapsed = serverNowMs - loopStartMs;
  return (((elapsed % period) + period) % period) / 1000;
}

/** Wraps a position into one loop of `period` seconds: [0, period). */
export function wrapPosition(seconds: number, period: number): number {
  if (!(period > 0)) return Math.max(0, seconds);
  return ((seconds % period) + period) % period;
}

/**
 * How far the audio is ahead of (positive) or behind (negative) the target,
 * the short way round the loop: 0.02 s into a new loop is just ahead of the
 * end of the last one, not a whole loop behind.
 */
export function loopDrift(current: number, target: number, period: number): number {
  const drift = current - target;
  if (!(period > 0)) return drift;
  const half = period / 2;
  return wrapPosition(drift + half, period) - half;
}

/** Beyond this drift (s) a jump is better than a change of speed. */
export const SEEK_THRESHOLD = 0.5;
/** Within this drift (s) the audio plays at its own speed. */
export const SETTLED_THRESHOLD = 0.015;
/** A correction under way ends once the drift is this small (s) or has changed sides. */
export const SETTLED_EXIT = 0.003;
/** How much the speed changes per second of drift. */
export const NUDGE_GAIN = 1;
/** The smallest change of speed: browsers lose a few ms at each change, a nudge must outrun that. */
export const MIN_NUDGE = 0.02;
/** The largest change of speed, so a correction never sounds like a different song. */
export const MAX_NUDGE = 0.05;

export type Correction =
  { kind: 'ok'; rate: 1 } | { kind: 'nudge'; rate: number } | { kind: 'seek'; rate: 1 };

/**
 * What to do about a drift (s, positive when ahead), given the speed the
 * audio plays at now: jump when it is large; when it is small, play a little
 * slower or faster (in proportion, 2–5 %) and keep that speed until the
 * drift has closed, then go back to 1. Browsers stumble a little at each
 * change of speed, so a correction keeps one speed rather than re-tuning it.
 */
export function decideCorrection(drift: number, rate = 1): Correction {
  const size = Math.abs(drift);
  if (!Number.isFinite(drift) || size > SEEK_THRESHOLD) return { kind: 'seek', rate: 1 };
  if (rate !== 1) {
    // Catching up (faster) ends when no longer behind; slowing down when no longer ahead.
    const closed = rate > 1 ? drift > -SETTLED_EXIT : drift < SETTLED_EXIT;
    return closed ? { kind: 'ok', rate: 1 } : { kind: 'nudge', rate };
  }
  if (size <= SETTLED_THRESHOLD) return { kind: 'ok', rate: 1 };
  const nudge = Math.min(MAX_NUDGE, Math.max(MIN_NUDGE, size * NUDGE_GAIN));
  return { kind: 'nudge', rate: drift > 0 ? 1 - nudge : 1 + nudge };
}

/** A probe as the server answers it on the live socket. */
export interface SyncReply {
  type: 'sync';
  id: number;
  t0: number;
  t1: number;
  t2: number;
}

export interface ClockSyncOptions {
  /** Probes per round. */
  probes?: number;
  /** Between the probes of a round (ms). */
  spacing?: number;
  /** A second round this soon after the first (ms), in case the page was busy loading. */
  followUp?: number;
  /** Between rounds (ms). */
  interval?: number;
  /** How many recent rounds the best probe is chosen from. */
  keepRounds?: number;
  /** The local clock; Date.now unless a test pins it. */
  now?: () => number;
}

/**
 * Keeps the offset to the server's clock over a message channel: a round of
 * probes at start, another every `interval`, the best probe of the last few
 * rounds winning. serverNow() is the local clock plus that offset.
 */
export class ClockSync {
  private readonly probes: number;
  private readonly spacing: number;
  private readonly followUp: number;
  private readonly interval: number;
  private readonly keepRounds: number;
  private readonly now: () => number;
  private send: ((msg: { type: 'sync'; id: number; t0: number }) => void) | null = null;
  private rounds: SyncSample[][] = [];
  private pending = new Map<number, number>();
  private nextId = 1;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private roundTimer: ReturnType<typeof setInterval> | null = null;
  /** The offset and the round trip it comes from, both null before any probe came back. */
  private readonly measured = createStore<{ offset: number | null; rtt: number | null }>({
    offset: null,
    rtt: null,
  });

  constructor(options: ClockSyncOptions = {}) {
    this.probes = options.probes ?? 8;
    this.spacing = options.spacing ?? 100;
    this.followUp = options.followUp ?? 2_000;
    this.interval = options.interval ?? 30_000;
    this.keepRounds = options.keepRounds ?? 3;
    this.now = options.now ?? (() => Date.now());
  }

  /** Starts probing through `send`: a round now, a follow-up soon after, then one every interval. */
  start(send: (msg: { type: 'sync'; id: number; t0: number }) => void): void {
    this.stop();
    this.send = send;
    this.round();
    this.later(() => this.round(), this.followUp);
    this.roundTimer = setInterval(() => this.round(), this.interval);
  }

  /** Stops probing (the channel closed); the offset measured so far stays. */
  stop(): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
    if (this.roundTimer !== null) clearInterval(this.roundTimer);
    this.roundTimer = null;
    this.pending.clear();
    this.send = null;
  }

  /** Takes an answer to one of our probes; answers to probes of an old channel are ignored. */
  handle(reply: SyncReply): void {
    const t3 = this.now();
    const t0 = this.pending.get(reply.id);
    if (t0 === undefined) return;
    this.pending.delete(reply.id);
    if (!Number.isFinite(reply.t1) || !Number.isFinite(reply.t2)) return;
    this.add({ t0, t1: reply.t1, t2: reply.t2, t3 });
  }

  /** Adds a probe measured some other way (the HTTP clock, tests). */
  add(sample: SyncSample): void {
    const current = this.rounds[this.rounds.length - 1];
    if (current) current.push(sample);
    else this.rounds.push([sample]);
    const best = bestSample(this.rounds.flat());
    if (!best) return;
    const offset = sampleOffset(best);
    const rtt = sampleRtt(best);
    const was = this.measured.get();
    if (offset === was.offset && rtt === was.rtt) return;
    this.measured.set({ offset, rtt });
  }

  /** The server's clock now (ms); the local clock until the first probe is back. */
  serverNow(): number {
    return this.now() + (this.measured.get().offset ?? 0);
  }

  /** Server − local (ms), or null before any probe came back. */
  get offset(): number | null {
    return this.measured.get().offset;
  }

  /** The round trip of the probe the offset comes from (ms). */
  get rtt(): number | null {
    return this.measured.get().rtt;
  }

  get synced(): boolean {
    return this.measured.get().offset !== null;
  }

  /** Calls `listener` whenever the offset changes. */
  subscribe(listener: () => void): () => void {
    return this.measured.subscribe(listener);
  }

  private round(): void {
    this.rounds.push([]);
    while (this.rounds.length > this.keepRounds) this.rounds.shift();
    for (let i = 0; i < this.probes; i++) {
      this.later(() => this.probe(), i * this.spacing);
    }
  }

  private later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private probe(): void {
    if (!this.send) return;
    const id = this.nextId++;
    const t0 = this.now();
    this.pending.set(id, t0);
    // Probes lost with a dropped channel must not pile up.
    if (this.pending.size > this.probes * 2) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.pending.delete(oldest);
    }
    this.send({ type: 'sync', id, t0 });
  }
}
