import { describe, expect, it } from 'vitest';
import { dropIndex } from '@/components/songs/row-drag';
import { idsOf, moveItem } from './reorder';

const abcd = ['a', 'b', 'c', 'd'];

describe('moving a song', () => {
  it('moves up and down by one', () => {
    expect(moveItem(abcd, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(abcd, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(abcd, 3, 2)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('moves across the list and leaves the input alone', () => {
    const list = abcd.slice();
    expect(moveItem(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(list).toEqual(abcd);
  });

  it('changes nothing past the ends or in place', () => {
    expect(moveItem(abcd, 0, -1)).toEqual(abcd);
    expect(moveItem(abcd, 3, 4)).toEqual(abcd);
    expect(moveItem(abcd, 2, 2)).toEqual(abcd);
    expect(moveItem(abcd, 7, 0)).toEqual(abcd);
  });

  it('sends the ids in order', () => {
    expect(idsOf(moveItem([{ _id: 'x' }, { _id: 'y' }], 1, 0))).toEqual(['y', 'x']);
  });
});

describe('dropping a dragged row', () => {
  // Rows 60 px high: their middles at 30, 90, 150, 210.
  const middles = [30, 90, 150, 210];

  it('lands where the pointer passed the middles of the other rows', () => {
    // Row 0 dragged below the middle of row 2: it becomes the third song.
    expect(dropIndex(middles, 0, 160)).toBe(2);
    expect(moveItem(abcd, 0, dropIndex(middles, 0, 160))).toEqual(['b', 'c', 'a', 'd']);
    // Row 3 dragged above the middle of row 1: it becomes the second song.
    expect(dropIndex(middles, 3, 80)).toBe(1);
    expect(moveItem(abcd, 3, dropIndex(middles, 3, 80))).toEqual(['a', 'd', 'b', 'c']);
  });

  it('stays put for small moves and clamps at the ends', () => {
    expect(dropIndex(middles, 1, 100)).toBe(1);
    expect(dropIndex(middles, 1, -500)).toBe(0);
    expect(dropIndex(middles, 1, 5000)).toBe(3);
  });
});
