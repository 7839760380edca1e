import { describe, expect, it } from 'vitest';
import { discStarts, rowNumber } from './discs';

describe('discStarts', () => {
  it('marks where each disc begins when there are several', () => {
    const songs = [{ disc: 1 }, { disc: 1 }, { disc: 2 }, { disc: 2 }, { disc: 3 }];
    expect([...discStarts(songs)]).toEqual([
      [0, 1],
      [2, 2],
      [4, 3],
    ]);
  });

  it('has no headers for a single disc, nor for songs without a disc number', () => {
    expect(discStarts([{ disc: 1 }, { disc: 1 }]).size).toBe(0);
    expect(discStarts([{ disc: 0 }, { disc: 1 }, {}]).size).toBe(0);
  });
});

describe('rowNumber', () => {
  it('shows track numbers on an album, the position elsewhere or when unknown', () => {
    expect(rowNumber({ track: 7 }, 0, true)).toBe(7);
    expect(rowNumber({ track: 0 }, 2, true)).toBe(3);
    expect(rowNumber({ track: 7 }, 0, false)).toBe(1);
  });
});
