import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/songs';
import type { Song } from '@/lib/song';
import { BufferedPlayer, type BufferedHost } from './buffered';

const SR = 48_000;

/** A buffer source that only records when and from where it was started and stopped. */
class FakeSource {
  buffer: { length: number; duration: number } | null = null;
  started: { when: number; offset: number } | null = null;
  stopped = false;
  connect() {}
  start(when: number, offset: number) {
    this.started = { when, offset };
  }
  stop() {
    this.stopped = true;
  }
}

/** An AudioContext whose clock the test moves; it decodes any bytes to `frames` frames. */
class FakeContext {
  static frames = 2 * SR;
  static last: FakeContext | null = null;
  currentTime = 0;
  sampleRate = SR;
  state: AudioContextState = 'running';
  destination = {};
  sources: FakeSource[] = [];
  constructor() {
    FakeContext.last = this;
  }
  resume() {
    return Promise.resolve();
  }
  createGain() {
    return { gain: { value: 1 }, context: this, connect() {}, disconnect() {} };
  }
  createBufferSource() {
    const s = new FakeSource();
    this.sources.push(s);
    return s;
  }
  decodeAudioData() {
    const length = FakeContext.frames;
    return Promise.resolve({ length, duration: length / SR });
  }
}

function fakeHost() {
  return {
    tick: vi.fn<BufferedHost['tick']>(),
    advanced: vi.fn<BufferedHost['advanced']>(),
    ended: vi.fn<BufferedHost['ended']>(),
    volume: vi.fn<BufferedHost['volume']>(() => 1),
    failed: vi.fn<BufferedHost['failed']>(),
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('BufferedPlayer', () => {
  let host: ReturnType<typeof fakeHost>;
  let player: BufferedPlayer;
  let songs: Song[];

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('AudioContext', FakeContext);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(new Uint8Array(8), { status: 200 }))),
    );
    host = fakeHost();
    player = new BufferedPlayer(host);
    songs = [makeSong('a'), makeSong('b'), makeSong('c')];
  });

  afterEach(() => {
    player.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function startPlaying() {
    player.setPlaying(true);
    await player.start(songs[0]!);
    await player.queueNext(songs[1]!);
    return FakeContext.last!;
  }

  it('starts the next song on the sample frame the current one ends', async () => {
    const ctx = await startPlaying();
    const [cur, nxt] = ctx.sources;
    expect(cur!.started!.offset).toBe(0);
    expect(nxt!.started!.offset).toBe(0);
    expect((nxt!.started!.when - cur!.started!.when) * SR).toBeCloseTo(2 * SR, 6);
  });

  it('moves the store on once the clock passes the change, and queues the one after', async () => {
    const ctx = await startPlaying();
    const change = ctx.sources[1]!.started!.when;
    ctx.currentTime = change - 0.01;
    await vi.advanceTimersByTimeAsync(300);
    expect(host.advanced).not.toHaveBeenCalled();
    ctx.currentTime = change + 0.01;
    await vi.advanceTimersByTimeAsync(300);
    expect(host.advanced).toHaveBeenCalledWith(songs[1], 2);
    expect(player.song?._id).toBe('b');
    expect(player.position()).toBeCloseTo(0.01, 6);
    await player.queueNext(songs[2]!);
    const third = ctx.sources[2]!;
    expect(third.started!.when).toBeCloseTo(change + 2, 9);
  });

  it('pauses at the clock position and resumes from it, the next song rescheduled', async () => {
    const ctx = await startPlaying();
    const start = ctx.sources[0]!.started!.when;
    ctx.currentTime = start + 0.5;
    player.setPlaying(false);
    expect(ctx.sources.every((s) => s.stopped)).toBe(true);
    expect(player.position()).toBeCloseTo(0.5, 9);
    ctx.currentTime = 10;
    player.setPlaying(true);
    const [, , cur, nxt] = ctx.sources;
    expect(cur!.started!.offset).toBeCloseTo(0.5, 9);
    expect(nxt!.started!.when).toBeCloseTo(cur!.started!.when + 1.5, 9);
  });

  it('seeks by restarting the source at the offset', async () => {
    const ctx = await startPlaying();
    player.seek({ id: 1, kind: 'to', value: 1.25 });
    const [, , cur, nxt] = ctx.sources;
    expect(cur!.started!.offset).toBe(1.25);
    expect(nxt!.started!.when).toBeCloseTo(cur!.started!.when + 0.75, 9);
  });

  it('says the song ended when nothing follows it', async () => {
    player.setPlaying(true);
    await player.start(songs[0]!);
    const ctx = FakeContext.last!;
    ctx.currentTime = ctx.sources[0]!.started!.when + 2.001;
    await vi.advanceTimersByTimeAsync(300);
    expect(host.ended).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(host.ended).toHaveBeenCalledTimes(1);
  });

  it('rejects when the song cannot be fetched, so the elements take it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('no', { status: 401 }))),
    );
    await expect(player.start(songs[0]!)).rejects.toThrow('HTTP 401');
    expect(player.engaged).toBe(false);
    await flush();
  });
});
