import { useSearchParams } from 'react-router';
import { Disc3, X } from 'lucide-react';
import { AlbumGrid, BrowseTabs } from '@/components/albums';
import { Button, EmptyState, PageHeader } from '@/components/ui';
import { useGenres } from '@/lib/albums';
import {
  ALBUM_SORTS,
  decadeLabel,
  listParams,
  readFilters,
  writeFilters,
  type AlbumFilters,
} from '../album-filters';
import { useDecades } from '../api/get-decades';
import './albums.css';

/** `/albums`: every album as a cover grid, sorted and filtered by genre and decade. */
export function AlbumsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = readFilters(search);
  const genres = useGenres();
  const decades = useDecades();

  function change(next: Partial<AlbumFilters>) {
    setSearch(writeFilters({ ...filters, ...next }), { replace: true });
  }

  const genreNames = genres.data?.map((g) => g.name) ?? [];
  if (filters.genre && !genreNames.some((g) => g.toLowerCase() === filters.genre.toLowerCase())) {
    genreNames.unshift(filters.genre);
  }
  const decadeList = decades.data ?? [];
  if (filters.decade !== null && !decadeList.includes(filters.decade)) {
    decadeList.unshift(filters.decade);
  }
  const filtered = filters.genre !== '' || filters.decade !== null;

  return (
    <div className="page">
      <PageHeader
        eyebrow="Library"
        title="Albums"
        description="Every album on this server, from uploads and the music library."
      />
      <BrowseTabs />
      <div className="album-toolbar">
        <div className="sort-chips" role="group" aria-label="Sort albums by">
          {ALBUM_SORTS.map((s) => (
            <button
              key={s.value}
              type="button"
              className="sort-chip"
              aria-pressed={filters.sort === s.value}
              onClick={() => change({ sort: s.value })}
            >
              {s.label}
            </button>
          ))}
        </div>
        <div className="album-toolbar__filters">
          <label className="pill-select">
            <span className="visually-hidden">Genre</span>
            <select value={filters.genre} onChange={(e) => change({ genre: e.target.value })}>
              <option value="">All genres</option>
              {genreNames.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
          <label className="pill-select">
            <span className="visually-hidden">Decade</span>
            <select
              value={filters.decade ?? ''}
              onChange={(e) =>
                change({ decade: e.target.value === '' ? null : Number(e.target.value) })
              }
            >
              <option value="">All decades</option>
              {decadeList.map((d) => (
                <option key={d} value={d}>
                  {decadeLabel(d)}
                </option>
              ))}
            </select>
          </label>
          {filtered && (
            <Button
              variant="ghost"
              size="sm"
              icon={<X size={16} aria-hidden="true" />}
              onClick={() => change({ genre: '', decade: null })}
            >
              Clear filters
            </Button>
          )}
        </div>
      </div>
      <AlbumGrid
        params={listParams(filters)}
        label="Albums"
        empty={
          filtered ? (
            <EmptyState
              icon={Disc3}
              title="No albums match these filters"
              action={
                <Button variant="secondary" onClick={() => change({ genre: '', decade: null })}>
                  Clear filters
                </Button>
              }
            >
              Try another genre or decade.
            </EmptyState>
          ) : (
            <EmptyState icon={Disc3} title="No albums yet">
              Albums appear as songs are uploaded or imported from the music library.
            </EmptyState>
          )
        }
      />
    </div>
  );
}
