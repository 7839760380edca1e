import { describe, expect, it } from 'vitest';
import {
  formatRate,
  loudnessGain,
  MIN_PLAYBACK_RATE,
  playbackRateFor,
  songVolume,
  volumeFor,
} from './audio-math';

describe('the speed slider', () => {
  it('applies value / 100', () => {
    expect(playbackRateFor(150)).toBe(1.5);
    expect(playbackRateFor(100)).toBe(1);
    expect(playbackRateFor(200)).toBe(2);
    expect(playbackRateFor(50)).toBe(0.5);
  });

  it('applies the smallest rate the browser accepts at 0 and just above', () => {
    expect(MIN_PLAYBACK_RATE).toBe(0.0625);
    expect(playbackRateFor(0)).toBe(0.0625);
    expect(playbackRateFor(5)).toBe(0.0625);
    expect(playbackRateFor(7)).toBe(0.07);
  });

  it('reads as a multiple', () => {
    expect(formatRate(150)).toBe('1.5×');
    expect(formatRate(100)).toBe('1×');
    expect(formatRate(0)).toBe('0×');
  });
});

describe('the loudness gain', () => {
  it('is 1 while the loudness is unknown', () => {
    expect(loudnessGain(null)).toBe(1);
    expect(loudnessGain(undefined)).toBe(1);
  });

  it('turns loud songs down towards -14 LUFS and never turns quiet ones up', () => {
    expect(loudnessGain(-14)).toBe(1);
    expect(loudnessGain(-8)).toBeCloseTo(10 ** (-6 / 20));
    expect(loudnessGain(-11.5)).toBeCloseTo(0.7499, 3);
    expect(loudnessGain(-20)).toBe(1);
  });

  it('multiplies the volume slider value / 100', () => {
    expect(volumeFor(50)).toBe(0.5);
    expect(volumeFor(100, null)).toBe(1);
    expect(volumeFor(50, -8)).toBeCloseTo(0.5 * 10 ** (-6 / 20));
    expect(volumeFor(0, -8)).toBe(0);
  });
});

describe('loudness normalisation', () => {
  it('turns a loud song down to -14 LUFS when on', () => {
    // -8 LUFS is 6 dB over the target: half the amplitude.
    expect(songVolume(100, -8, true)).toBeCloseTo(0.501, 3);
    expect(songVolume(50, -8, true)).toBeCloseTo(0.251, 3);
  });

  it('plays the song as it is when off', () => {
    expect(songVolume(100, -8, false)).toBe(1);
    expect(songVolume(50, -8, false)).toBe(0.5);
  });

  it('never turns a quiet or unmeasured song up', () => {
    expect(songVolume(80, -20, true)).toBe(0.8);
    expect(songVolume(80, null, true)).toBe(0.8);
  });
});
