import { describe, expect, it } from 'vitest';
import { personName, personNote } from './follows';

describe('people in lists', () => {
  it('names an artist by the name they chose, anyone else by their username as read', () => {
    expect(personName({ username: 'paper-moons', name: 'Paper Moons' })).toBe('Paper Moons');
    expect(personName({ username: 'neon-harbor' })).toBe('neon harbor');
  });

  it('tells artists from listeners, and says whom the caller follows', () => {
    expect(personNote({ songs: 3, following: false })).toBe('Artist · 3 songs');
    expect(personNote({ songs: 1, following: true })).toBe('Artist · 1 song · You follow them');
    expect(personNote({ songs: 0, following: false })).toBe('Listener');
    expect(personNote({ following: true })).toBe('Listener · You follow them');
  });
});
