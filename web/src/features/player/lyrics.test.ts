import { describe, expect, it } from 'vitest';
import { currentLine } from './lyrics';

const lines = [
  { start_ms: 1000, text: 'one' },
  { start_ms: 2500, text: 'two' },
  { start_ms: 2500, text: 'two again' },
  { start_ms: 4000, text: '' },
];

describe('currentLine', () => {
  it.each([
    [0, -1],
    [999, -1],
    [1000, 0],
    [2499, 0],
    [2500, 2],
    [3999, 2],
    [4000, 3],
    [600_000, 3],
  ])('at %i ms is line %i', (ms, want) => {
    expect(currentLine(lines, ms)).toBe(want);
  });

  it('is -1 without lines', () => {
    expect(currentLine([], 5000)).toBe(-1);
  });
});
