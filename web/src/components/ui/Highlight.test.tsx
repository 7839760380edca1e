import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight, matchRanges } from './Highlight';

const marked = (text: string, query: string) =>
  Array.from(
    render(<Highlight text={text} query={query} />).container.querySelectorAll('mark'),
    (m) => m.textContent,
  );

describe('marking what matched a search', () => {
  it('marks the starts of words that begin with a searched word, in any order and case', () => {
    expect(marked('Yellow Submarine Dreams', 'submar')).toEqual(['Submar']);
    expect(marked('Yellow Submarine Dreams', 'dre YEL')).toEqual(['Yel', 'Dre']);
    expect(marked('Midnight Harbour', 'harb mid')).toEqual(['Mid', 'Harb']);
    // A word the search corrected (a typo) is not marked: only what was typed is.
    expect(marked('Midnight Harbour', 'midnite')).toEqual([]);
  });

  it('folds accents and keeps the original letters', () => {
    expect(marked('Café Noir', 'cafe')).toEqual(['Café']);
    expect(matchRanges('Crème brûlée', 'brule')).toEqual([[6, 11]]);
  });

  it('takes "and" as the search does: a joining word, not a word to mark', () => {
    expect(marked('Smoke & Honey', 'smoke and honey')).toEqual(['Smoke', 'Honey']);
    expect(marked('Andromeda and Anders', 'andro and')).toEqual(['Andro']);
    expect(marked('And So It Goes', 'and')).toEqual(['And']);
  });

  it('marks nothing inside words, and nothing for an empty search', () => {
    expect(marked('Submarine', 'marine')).toEqual([]);
    expect(marked('Submarine', '  ')).toEqual([]);
  });
});
