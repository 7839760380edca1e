import type { ReactNode } from 'react';
import './Highlight.css';

/** Lower case without accents, one character at a time ('É' → 'e'). */
function foldChar(ch: string): string {
  return ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a search, folded as the server folds them: 'Café  Noir' →
 * ['cafe', 'noir']. "and" joins words as '&' and '+' do, so it is no word
 * of its own unless it is all there is.
 */
export function searchWords(query: string): string[] {
  const words = Array.from(query)
    .map(foldChar)
    .join('')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const others = words.filter((w) => w !== 'and');
  return others.length > 0 ? others : words;
}

/**
 * The ranges of `text` that start one of its words with one of the searched
 * words, as [start, end) in UTF-16 offsets of the original text. The search
 * matches word starts, so that is what lights up.
 */
export function matchRanges(text: string, query: string): [number, number][] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  // The folded text, with each folded character's place in the original.
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let i = 0; i < f.length; i++) origin.push(offset);
    folded += f;
    offset += ch.length;
  }
  origin.push(offset);

  const ranges: [number, number][] = [];
  const wordStart = /[\p{L}\p{N}]+/gu;
  for (let m = wordStart.exec(folded); m; m = wordStart.exec(folded)) {
    const longest = words
      .filter((w) => m![0].startsWith(w))
      .reduce((best, w) => Math.max(best, w.length), 0);
    if (longest > 0) {
      const start = origin[m.index] ?? 0;
      const end = origin[m.index + longest] ?? text.length;
      // A folded character that came from one original one ends where that one ends.
      ranges.push([start, end > start ? end : start + 1]);
    }
  }
  return ranges;
}

interface HighlightProps {
  text: string;
  /** What was searched; the starts of words that match it are marked. */
  query: string;
}

/** Text with the parts that match a search marked, as search results show them. */
export function Highlight({ text, query }: HighlightProps) {
  const ranges = matchRanges(text, query);
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="highlight">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
