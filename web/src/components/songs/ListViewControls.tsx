import { ArrowDownUp, ListFilter, SearchX, X } from 'lucide-react';
import { useId } from 'react';
import { Button, EmptyState } from '@/components/ui';
import { SONG_SORTS, type SongSort } from './list-view';
import './ListViewControls.css';

interface ListViewControlsProps {
  /** The list's name, for the controls' labels ('Liked Songs'). */
  label: string;
  /** What the list's own order is called ('Playlist order', 'Recently liked'). */
  customLabel: string;
  sort: SongSort;
  filter: string;
  onSort: (sort: SongSort) => void;
  onFilter: (filter: string) => void;
}

/** A filter box and a sort menu above a list of songs. */
export function ListViewControls({
  label,
  customLabel,
  sort,
  filter,
  onSort,
  onFilter,
}: ListViewControlsProps) {
  const sortId = useId();
  return (
    <div className="list-view">
      <div className="list-view__filter">
        <ListFilter size={16} aria-hidden="true" className="list-view__icon" />
        <input
          type="search"
          className="list-view__input"
          placeholder="Filter by title, artist or album"
          aria-label={`Filter ${label}`}
          value={filter}
          onChange={(e) => onFilter(e.target.value)}
          onKeyDown={(e) => {
            // Escape clears the filter here instead of leaving the page's focus trap.
            if (e.key === 'Escape' && filter !== '') {
              e.stopPropagation();
              onFilter('');
            }
          }}
        />
        {filter !== '' && (
          <button
            type="button"
            className="list-view__clear"
            aria-label="Clear the filter"
            onClick={() => onFilter('')}
          >
            <X size={14} aria-hidden="true" />
          </button>
        )}
      </div>
      <label className="list-view__sort" htmlFor={sortId}>
        <ArrowDownUp size={16} aria-hidden="true" />
        <span className="visually-hidden">Sort {label} by</span>
        <select
          id={sortId}
          className="list-view__select"
          value={sort}
          onChange={(e) => onSort(e.target.value as SongSort)}
        >
          <option value="custom">{customLabel}</option>
          {SONG_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** What a list shows when its filter hides every song, with the way back. */
export function NoSongsMatch({
  filter,
  onClear,
  what = 'songs',
}: {
  filter: string;
  onClear: () => void;
  /** What the list holds ('liked songs'). */
  what?: string;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={`No ${what} match “${filter.trim()}”`}
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear the filter
        </Button>
      }
    >
      Try another title, artist or album.
    </EmptyState>
  );
}
