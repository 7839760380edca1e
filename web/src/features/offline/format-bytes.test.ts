import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 KB'],
    [-5, '0 KB'],
    [512, '1 KB'],
    [812_000, '812 KB'],
    [12_400_000, '12.4 MB'],
    [250_000_000, '250 MB'],
    [1_234_000_000, '1.2 GB'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
