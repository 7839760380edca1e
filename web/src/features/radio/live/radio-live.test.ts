import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClockSync } from '@/lib/clock-sync';
import { defaultBackoff, RadioLive } from './radio-live';

/** A WebSocket the test opens, feeds and drops by hand. */
class FakeSocket {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close() {
    this.closed = true;
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.();
  }

  receive(msg: object) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }

  drop() {
    this.readyState = 3;
    this.onclose?.();
  }

  types() {
    return this.sent.map((m) => m.type);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const waits: number[] = [];
  const clock = new ClockSync({ probes: 2, spacing: 10, followUp: 100_000, interval: 100_000 });
  const live = new RadioLive({
    url: 'ws://test/api/ws',
    clock,
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    backoff: (n) => {
      const wait = 500 * 2 ** n;
      waits.push(wait);
      return wait;
    },
  });
  const last = () => sockets[sockets.length - 1]!;
  return { live, clock, sockets, waits, last };
}

describe('RadioLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('syncs the clock and watches every station once open', () => {
    const { live, clock, last } = setup();
    live.start();
    expect(live.getSnapshot().status).toBe('connecting');
    last().open();
    vi.advanceTimersByTime(20);
    expect(last().types()).toEqual(['watch', 'sync', 'sync']);

    const probe = last().sent[1] as { id: number; t0: number };
    last().receive({
      type: 'sync',
      id: probe.id,
      t0: probe.t0,
      t1: probe.t0 + 5_000,
      t2: probe.t0 + 5_000,
    });
    expect(clock.synced).toBe(true);
    expect(live.getSnapshot().synced).toBe(true);
    live.stop();
  });

  it('keeps listener counts and the joined station’s state', () => {
    const { live, last } = setup();
    live.start();
    last().open();
    last().receive({ type: 'listeners', station: 'a', count: 2, users: ['ana', 'bo'] });
    live.join('b');
    expect(last().sent.at(-1)).toEqual({ type: 'join', station: 'b' });
    // The state of a station not joined is ignored.
    last().receive({
      type: 'state',
      station: 'a',
      start: 1,
      loopStart: 1,
      duration: 12,
      serverTime: 2,
    });
    expect(live.getSnapshot().tuned).toBeNull();
    last().receive({
      type: 'state',
      station: 'b',
      start: 10,
      loopStart: 22,
      duration: 12,
      serverTime: 30,
    });
    expect(live.getSnapshot()).toMatchObject({
      joined: 'b',
      tuned: { station: 'b', start: 10, loopStart: 22, duration: 12 },
      listeners: { a: { count: 2, users: ['ana', 'bo'] } },
    });

    live.leave();
    expect(last().sent.at(-1)).toEqual({ type: 'leave', station: 'b' });
    expect(live.getSnapshot()).toMatchObject({ joined: null, tuned: null });
    live.stop();
  });

  it('reconnects with a growing wait, then syncs, watches and joins again', () => {
    const { live, sockets, waits, last } = setup();
    live.start();
    last().open();
    live.join('b');
    last().drop();
    expect(live.getSnapshot().status).toBe('reconnecting');
    expect(sockets).toHaveLength(1);

    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // This attempt fails too: the next wait is longer.
    last().drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);

    last().open();
    vi.advanceTimersByTime(20);
    expect(live.getSnapshot().status).toBe('open');
    expect(last().types()).toEqual(['watch', 'join', 'sync', 'sync']);
    expect(last().sent[1]).toEqual({ type: 'join', station: 'b' });

    // A success resets the wait.
    last().drop();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
    expect(waits).toEqual([500, 1000, 500]);
    live.stop();
  });

  it('stops for good: no reconnect after stop', () => {
    const { live, sockets, last } = setup();
    live.start();
    last().open();
    live.stop();
    expect(last().closed).toBe(true);
    expect(live.getSnapshot().status).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('forgets the counts it heard once stopped: a new socket hears only changes', () => {
    const { live, last } = setup();
    live.start();
    last().open();
    last().receive({ type: 'listeners', station: 'a', count: 1, users: ['ana'] });
    expect(live.getSnapshot().listeners).toHaveProperty('a');
    live.stop();
    expect(live.getSnapshot().listeners).toEqual({});
  });

  it('lets go of a station the server will not join', () => {
    const { live, last } = setup();
    live.start();
    last().open();
    live.join('gone');
    last().receive({ type: 'error', station: 'gone', message: 'We could not find this station.' });
    expect(live.getSnapshot()).toMatchObject({
      joined: null,
      error: 'We could not find this station.',
    });
    live.stop();
  });

  it('syncs over HTTP when the socket cannot connect at all', async () => {
    const clock = new ClockSync();
    let socket: FakeSocket | null = null;
    const live = new RadioLive({
      url: 'ws://test/api/ws',
      clock,
      socket: (url) => (socket = new FakeSocket(url)) as unknown as WebSocket,
      backoff: () => 60_000,
      fallbackSample: async () => ({ t0: 0, t1: 900, t2: 900, t3: 10 }),
    });
    live.start();
    // The socket closes without ever opening.
    socket!.drop();
    await vi.waitFor(() => expect(clock.synced).toBe(true));
    expect(clock.offset).toBe(895);
    live.stop();
  });
});

describe('defaultBackoff', () => {
  it('doubles from half a second up to ten, with a little jitter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => defaultBackoff(n, middle))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(defaultBackoff(0, () => 0)).toBe(400);
    expect(defaultBackoff(0, () => 1)).toBe(600);
  });
});
