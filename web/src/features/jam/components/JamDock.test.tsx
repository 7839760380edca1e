import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { joinedJam, setJoinedJam } from '@/lib/jam';
import { getLiveStation, setLiveStation } from '@/lib/live-radio';
import { getPlayerState, playSongs, resetPlayer } from '@/lib/player-store';
import { queryKeys } from '@/lib/query-keys';
import { makeSong } from '@/test/songs';
import { providersWrapper, testQueryClient } from '@/test/utils';
import type { Jam } from '../api/jams';
import { resetJamHere } from '../here';
import JamDock from './JamDock';
import { makeStation } from '@/test/live-station';

const jam: Jam = {
  id: 'j1',
  host: { _id: 'u2', username: 'ana' },
  member: true,
  isHost: false,
  ended: false,
  memberCount: 2,
  version: 3,
  canControl: false,
  guestsControl: false,
  visitors: false,
  playing: true,
  position: 4,
  serverTime: Date.now(),
  members: [],
  queue: [{ id: 'e1', song: makeSong('s1', { song: 'Low Tide' }), addedBy: null }],
  votes: 0,
  votesNeeded: 2,
};

const radio = makeStation();

/** A socket that never opens: the Jam is already in the cache. */
class QuietSocket {
  static readonly OPEN = 1;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

function dock(data: Jam = jam) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.jams.detail(data.id), data);
  return render(<JamDock id={data.id} />, { wrapper: providersWrapper(client) });
}

const here = () => localStorage.getItem('musicify.jam.here') !== 'remote';

beforeEach(() => {
  vi.stubGlobal('WebSocket', QuietSocket);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  setJoinedJam('j1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setLiveStation(null);
  resetPlayer();
  localStorage.clear();
  resetJamHere();
  setJoinedJam(null);
});

describe('JamDock', () => {
  it('takes over from the song and the station, and shows the Jam in the bar', () => {
    playSongs([makeSong('a')]);
    const stopRadio = vi.fn(() => setLiveStation(null));
    setLiveStation(radio, {
      stop: stopRadio,
      resume: () => undefined,
      setVolume: () => undefined,
      toggleMute: () => undefined,
    });
    const { container } = dock();
    expect(stopRadio).toHaveBeenCalledOnce();
    expect(getPlayerState().playing).toBe(false);
    expect(getLiveStation()).toMatchObject({
      kind: 'jam',
      name: "ana's Jam",
      href: '/jam/j1',
      song: 'Low Tide — neon harbor',
      paused: false,
    });
    expect(container.querySelector('audio.jam-audio')).not.toBeNull();
  });

  it('stops here when a song starts, and leaves the person in the Jam', () => {
    dock();
    act(() => playSongs([makeSong('a')]));
    expect(here()).toBe(false);
    expect(joinedJam.get()).toBe('j1');
  });

  it('stops here when a station is tuned in', () => {
    dock();
    act(() => setLiveStation(radio));
    expect(here()).toBe(false);
  });

  it('leaves the song and the bar alone while the Jam has nothing to play', () => {
    playSongs([makeSong('a')]);
    dock({ ...jam, queue: [] });
    expect(getPlayerState().playing).toBe(true);
    expect(getLiveStation()).toBeNull();
  });

  it('forgets a Jam that ended, and clears the bar as it goes', async () => {
    const { unmount } = dock({ ...jam, ended: true });
    await waitFor(() => expect(joinedJam.get()).toBeNull());
    unmount();
    expect(getLiveStation()).toBeNull();
  });
});
