import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { holdJamLive, jamClock } from './jam-connection';

/** A WebSocket the test opens, feeds and drops by hand. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const open = () => FakeSocket.all.filter((s) => !s.closed);

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('holdJamLive', () => {
  it('shares one socket and one clock per Jam, and closes it with the last holder', () => {
    const client = new QueryClient();
    const releasePage = holdJamLive('j1', client);
    const releaseDock = holdJamLive('j1', client);
    expect(open()).toHaveLength(1);
    expect(jamClock('j1')).toBe(jamClock('j1'));
    expect(jamClock('j2')).not.toBe(jamClock('j1'));

    open()[0]?.open();
    expect(open()[0]?.sent[0]).toEqual({ type: 'jam', jam: 'j1' });

    releasePage();
    releasePage(); // a second call changes nothing
    expect(open()).toHaveLength(1);
    releaseDock();
    expect(open()).toHaveLength(0);

    // Held again: a new socket, the same clock.
    const clock = jamClock('j1');
    const release = holdJamLive('j1', client);
    expect(open()).toHaveLength(1);
    expect(jamClock('j1')).toBe(clock);
    release();
  });

  it("reads the Jam again on its word, in each holder's cache, and not on another Jam's", () => {
    const a = new QueryClient();
    const b = new QueryClient();
    const spyA = vi.spyOn(a, 'invalidateQueries');
    const spyB = vi.spyOn(b, 'invalidateQueries');
    const releaseA = holdJamLive('j1', a);
    const releaseB = holdJamLive('j1', b);
    const socket = open()[0];
    socket?.open();
    spyA.mockClear();
    spyB.mockClear();

    socket?.onmessage?.({ data: JSON.stringify({ type: 'jam', jam: 'j1', version: 2 }) });
    expect(spyA).toHaveBeenCalledWith({ queryKey: queryKeys.jams.detail('j1') });
    expect(spyB).toHaveBeenCalledOnce();
    socket?.onmessage?.({ data: JSON.stringify({ type: 'jam', jam: 'other', version: 2 }) });
    socket?.onmessage?.({ data: 'not json' });
    expect(spyA).toHaveBeenCalledOnce();

    releaseB();
    socket?.onmessage?.({ data: JSON.stringify({ type: 'jam', jam: 'j1', version: 3 }) });
    expect(spyA).toHaveBeenCalledTimes(2);
    expect(spyB).toHaveBeenCalledOnce();
    releaseA();
  });

  it('comes back after a drop with a growing wait, and reads the Jam again then', () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const release = holdJamLive('j1', client);
    open()[0]?.drop();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]?.drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    spy.mockClear();
    FakeSocket.all[2]?.open();
    expect(spy).toHaveBeenCalledWith({ queryKey: queryKeys.jams.detail('j1') });

    // Let go while waiting to reconnect: no socket comes back.
    FakeSocket.all[2]?.drop();
    release();
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.all).toHaveLength(3);
  });
});
