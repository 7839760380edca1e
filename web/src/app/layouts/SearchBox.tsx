import { useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { setSearchTerm, useSearchTerm } from '@/lib/store';

/** The shared search box: submitting it sets the search term every page can read. */
export function SearchBox() {
  const term = useSearchTerm();
  const [text, setText] = useState(term ?? '');
  // A term cleared or set elsewhere (the chip on /songs) shows in the box too.
  const [shownTerm, setShownTerm] = useState(term);
  if (term !== shownTerm) {
    setShownTerm(term);
    setText(term ?? '');
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = text.trim();
    setSearchTerm(value === '' ? null : value);
  }

  function clear() {
    setText('');
    setSearchTerm(null);
  }

  return (
    <form className="search" role="search" onSubmit={onSubmit}>
      <Search className="search__icon" size={18} aria-hidden="true" />
      <input
        className="search__input"
        type="search"
        name="search"
        placeholder="Search..."
        aria-label="Search..."
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {text !== '' && (
        <button type="button" className="search__clear" onClick={clear} aria-label="Clear search">
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
