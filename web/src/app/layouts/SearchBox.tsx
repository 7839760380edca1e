import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { Search, X } from 'lucide-react';
import { searchNavState, searchPath, type SearchNavState } from '@/lib/search';
import { setSearchTerm, useSearchTerm } from '@/lib/client-state';
import { isSearchShortcut } from './search-shortcut';

/**
 * The shared search box. Typing opens the results view (`/search?q=…`) and
 * keeps it in step; submitting sets the search term every page can read (the
 * songs page filters by it). Escape clears the box and closes the results.
 * The box stays in the top bar across pages, so the focus stays in it.
 * `/` or Ctrl+K (Cmd+K on a Mac) bring the focus to it from anywhere but
 * another field, as in most apps with a search.
 */
export function SearchBox() {
  const term = useSearchTerm();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const onResults = location.pathname === '/search';
  const urlQuery = onResults ? (new URLSearchParams(location.search).get('q') ?? '') : null;
  const [text, setText] = useState(urlQuery ?? term ?? '');

  // A term cleared or set elsewhere (the chip on /songs) shows in the box too.
  const [shownTerm, setShownTerm] = useState(term);
  if (term !== shownTerm) {
    setShownTerm(term);
    setText(term ?? '');
  }
  // Back and forward show the words of the page they land on; the box's own
  // navigations (push and replace) already match what was typed.
  const [shownKey, setShownKey] = useState(location.key);
  if (location.key !== shownKey) {
    setShownKey(location.key);
    if (navigationType === 'POP') setText(urlQuery ?? term ?? '');
  }

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const input = inputRef.current;
      if (!input || e.target === input || !isSearchShortcut(e)) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  /** Shows the results for `value`: in place on the results view, else as a new page. */
  function showResults(value: string, typed: boolean) {
    const to = searchPath(value);
    if (onResults) {
      if (to !== location.pathname + location.search) {
        navigate(to, { replace: true, state: location.state as unknown });
      }
      return;
    }
    const state: SearchNavState = { from: location.pathname + location.search, typed };
    navigate(to, { state });
  }

  function onChange(value: string) {
    setText(value);
    showResults(value.trim(), true);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = text.trim();
    setSearchTerm(value === '' ? null : value);
    if (value !== '') showResults(value, false);
  }

  /** Empties the box and the term; the results view stays, ready for new words. */
  function clear() {
    setText('');
    setSearchTerm(null);
    if (onResults) showResults('', true);
    inputRef.current?.focus();
  }

  /** Escape: empties the box and goes back to where the search started. */
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    setText('');
    setSearchTerm(null);
    if (!onResults) return;
    if (searchNavState(location.state).from) navigate(-1);
    else navigate('/home', { replace: true });
  }

  return (
    <form className="search" role="search" onSubmit={onSubmit}>
      <Search className="search__icon" size={18} aria-hidden="true" />
      <input
        ref={inputRef}
        className="search__input"
        type="search"
        name="search"
        placeholder="Search..."
        aria-label="Search..."
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {text !== '' && (
        <button type="button" className="search__clear" onClick={clear} aria-label="Clear search">
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
