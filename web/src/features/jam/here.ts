import { createStore, useStore } from '@/lib/store';

const HERE_KEY = 'musicify.jam.here';

/**
 * "Play on this device": the Jam plays here, on every page, or this device
 * only controls while another plays for the room. The Jam's page switches
 * it; the dock follows it, and turns it off when something else plays.
 */
const here = createStore<boolean>(() => {
  try {
    return localStorage.getItem(HERE_KEY) !== 'remote';
  } catch {
    return true;
  }
});

export function setJamHere(value: boolean): void {
  here.set(value);
  try {
    localStorage.setItem(HERE_KEY, value ? 'here' : 'remote');
  } catch {
    // Private mode: kept for this page only.
  }
}

export function useJamHere(): boolean {
  return useStore(here);
}

/** The Jam stops playing here; the person stays in it. */
export const stopJamHere = () => setJamHere(false);

/** The browser would not start the dock's audio without a click. */
const blocked = createStore(false);
let resume: (() => void) | null = null;

/** The dock says whether its audio waits for a click, and how a click starts it. */
export function setJamSound(isBlocked: boolean, start: (() => void) | null): void {
  resume = start;
  blocked.set(isBlocked);
}

export function useJamBlocked(): boolean {
  return useStore(blocked);
}

/** Starts the Jam's audio from a click ("Tap to listen here", the bar's Start listening). */
export function resumeJamHere(): void {
  resume?.();
}

/** Back as it starts (tests). */
export function resetJamHere(): void {
  here.reset();
  setJamSound(false, null);
}
