import { afterEach, describe, expect, it } from 'vitest';
import {
  getPlaybackSettings,
  parsePlaybackSettings,
  PLAYBACK_SETTINGS_KEY,
  reloadPlaybackSettings,
  setCrossfade,
  setAutoplay,
  setGapless,
  setNormalize,
  setStreamQuality,
} from './playback-settings';

afterEach(() => {
  localStorage.clear();
  reloadPlaybackSettings();
});

describe('playback settings', () => {
  it('start with crossfade off, normalisation on, the original files, autoplay and gapless albums on', () => {
    expect(getPlaybackSettings()).toEqual({
      crossfade: 0,
      normalize: true,
      quality: 0,
      autoplay: true,
      gapless: true,
    });
  });

  it('are saved in this browser and read back after a reload', () => {
    setCrossfade(6);
    setNormalize(false);
    setStreamQuality(96);
    setAutoplay(false);
    setGapless(false);
    const saved = { crossfade: 6, normalize: false, quality: 96, autoplay: false, gapless: false };
    expect(JSON.parse(localStorage.getItem(PLAYBACK_SETTINGS_KEY) ?? '{}')).toEqual(saved);
    reloadPlaybackSettings();
    expect(getPlaybackSettings()).toEqual(saved);
  });

  it('keep the crossfade within 0–12 whole seconds', () => {
    setCrossfade(40);
    expect(getPlaybackSettings().crossfade).toBe(12);
    setCrossfade(-3);
    expect(getPlaybackSettings().crossfade).toBe(0);
    setCrossfade(4.6);
    expect(getPlaybackSettings().crossfade).toBe(5);
  });

  it('fall back to the defaults for what was saved wrongly', () => {
    expect(
      parsePlaybackSettings({
        crossfade: Number.NaN,
        normalize: 'yes' as never,
        quality: 100 as never,
        autoplay: 'no' as never,
        gapless: 1 as never,
      }),
    ).toEqual({
      crossfade: 0,
      normalize: true,
      quality: 0,
      autoplay: true,
      gapless: true,
    });
    localStorage.setItem(PLAYBACK_SETTINGS_KEY, '[1,2]');
    reloadPlaybackSettings();
    expect(getPlaybackSettings()).toEqual({
      crossfade: 0,
      normalize: true,
      quality: 0,
      autoplay: true,
      gapless: true,
    });
  });
});
