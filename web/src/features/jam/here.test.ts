import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  resetJamHere,
  resumeJamHere,
  setJamHere,
  setJamSound,
  stopJamHere,
  useJamBlocked,
  useJamHere,
} from './here';

afterEach(() => {
  localStorage.clear();
  resetJamHere();
});

describe('Play on this device', () => {
  it('is on until switched off, and remembers the choice', () => {
    const { result } = renderHook(() => useJamHere());
    expect(result.current).toBe(true);
    act(() => setJamHere(false));
    expect(result.current).toBe(false);
    expect(localStorage.getItem('musicify.jam.here')).toBe('remote');
    resetJamHere();
    expect(renderHook(() => useJamHere()).result.current).toBe(false);
    act(() => setJamHere(true));
    expect(localStorage.getItem('musicify.jam.here')).toBe('here');
  });

  it('is turned off by stopping the Jam here', () => {
    const { result } = renderHook(() => useJamHere());
    act(() => stopJamHere());
    expect(result.current).toBe(false);
  });
});

describe('the sound waiting for a click', () => {
  it("is what the dock says, and a click starts the dock's audio", () => {
    const resume = vi.fn();
    const { result } = renderHook(() => useJamBlocked());
    expect(result.current).toBe(false);
    resumeJamHere(); // nothing to start yet
    act(() => setJamSound(true, resume));
    expect(result.current).toBe(true);
    resumeJamHere();
    expect(resume).toHaveBeenCalledOnce();
    act(() => setJamSound(false, null));
    expect(result.current).toBe(false);
    resumeJamHere();
    expect(resume).toHaveBeenCalledOnce();
  });
});
