import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteTarget, setRemoteTarget } from '@/lib/connect';
import { getPlayerState, playSongs, resetPlayer, setPlaying, setRepeat } from '@/lib/player-store';
import { makeSong } from '@/test/songs';
import { reportOf, runCommand, takeOver } from './use-device-link';

/** Answers POST /api/songs/lookup with the songs asked for, but not "gone". */
function stubLookup() {
  const fn = vi.fn(async (_path: string, init?: RequestInit) => {
    const { ids } = JSON.parse(String(init?.body)) as { ids: string[] };
    const songs = ids.filter((id) => id !== 'gone').map((id) => makeSong(id, { duration: 200 }));
    return new Response(JSON.stringify({ songs }), { status: 200 });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('taking over playback', () => {
  beforeEach(() => {
    resetPlayer();
    setRemoteTarget(null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('plays the queue from the song and second it was at, with its shuffle, repeat and volume', async () => {
    stubLookup();
    setRemoteTarget('kitchen'); // this browser was a remote until now
    await takeOver(
      {
        queue: ['a', 'gone', 'b', 'c'],
        index: 2,
        playing: true,
        position: 42.5,
        shuffle: true,
        repeat: 'one',
        volume: 35,
      },
      Date.now(),
    );
    const s = getPlayerState();
    expect(s.queue.map((x) => x._id)).toEqual(['a', 'b', 'c']);
    expect(s.queue[s.index]?._id).toBe('b'); // the same song, though one before it is gone
    expect(s.time).toBeGreaterThanOrEqual(42.5);
    expect(s.time).toBeLessThan(43.5);
    expect(s.seek?.value).toBe(s.time);
    expect([s.playing, s.shuffle, s.repeat, s.volume]).toEqual([true, true, 'one', 35]);
    expect(remoteTarget.get()).toBeNull();
  });

  it('reports what plays as the server keeps it', () => {
    playSongs([makeSong('a'), makeSong('b')], 1);
    setRepeat('all');
    setPlaying(false);
    expect(reportOf(getPlayerState())).toEqual({
      queue: ['a', 'b'],
      index: 1,
      playing: false,
      position: 0,
      shuffle: false,
      repeat: 'all',
      volume: 100,
    });
  });

  it('carries out commands on the player', async () => {
    stubLookup();
    playSongs([makeSong('a'), makeSong('b'), makeSong('c')], 0);
    await runCommand({ type: 'next' });
    expect(getPlayerState().index).toBe(1);
    await runCommand({ type: 'volume', volume: 20 });
    expect(getPlayerState().volume).toBe(20);
    await runCommand({ type: 'pause' });
    expect(getPlayerState().playing).toBe(false);
    await runCommand({ type: 'remove', index: 2 });
    await runCommand({ type: 'add', songs: ['d', 'gone'] });
    expect(getPlayerState().queue.map((x) => x._id)).toEqual(['a', 'b', 'd']);
    await runCommand({ type: 'repeat', mode: 'one' });
    expect(getPlayerState().repeat).toBe('one');
  });
});
