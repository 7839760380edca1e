import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearLiveStation,
  getLiveStation,
  setLiveStation,
  stopLiveRadio,
  type LiveStation,
} from './live-radio';
import { makeStation } from '@/test/live-station';

const station = makeStation();
const jam: LiveStation = { ...station, kind: 'jam', id: 'j1', name: 'Your Jam', href: '/jam/j1' };

const controls = (stop: () => void) => ({
  stop,
  resume: () => undefined,
  setVolume: () => undefined,
  toggleMute: () => undefined,
});

afterEach(() => setLiveStation(null));

describe('clearLiveStation', () => {
  it('clears what plays only when it is of that kind', () => {
    const stopJam = vi.fn();
    setLiveStation(jam, controls(stopJam));
    // The station that was playing goes after the Jam took over: the Jam stays.
    clearLiveStation('radio');
    expect(getLiveStation()).toBe(jam);
    stopLiveRadio();
    expect(stopJam).toHaveBeenCalledOnce();
    clearLiveStation('jam');
    expect(getLiveStation()).toBeNull();
    stopLiveRadio(); // nothing plays: nothing to stop
    expect(stopJam).toHaveBeenCalledOnce();
  });
});
