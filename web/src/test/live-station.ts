import type { LiveStation } from '@/lib/live-radio';

/** A radio station as the player bar shows it, with overrides. */
export function makeStation(overrides: Partial<LiveStation> = {}): LiveStation {
  return {
    kind: 'radio',
    id: 's1',
    name: 'Night shift',
    by: 'dj',
    href: '/join',
    blocked: false,
    failed: null,
    volume: 100,
    muted: false,
    ...overrides,
  };
}
