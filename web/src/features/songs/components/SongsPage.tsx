import { Music2, Play, SearchX, Upload, X } from 'lucide-react';
import { ListViewControls, NoSongsMatch, SongList, useListView } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageHeader, PageLoader } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { plural, songMatches } from '@/lib/song';
import { setSearchTerm, useSearchTerm } from '@/lib/client-state';
import { useSongs } from '../api/get-songs';
import './songs.css';

/** `/songs`: every song on the server, filtered by the shared search term. */
export function SongsPage() {
  const term = useSearchTerm();
  const songs = useSongs();
  const view = useListView('songs');
  const all = songs.data ?? [];
  const shown = view.apply(term ? all.filter((s) => songMatches(s, term)) : all);

  let body;
  if (songs.isPending) {
    body = <PageLoader />;
  } else if (songs.isError) {
    body = (
      <EmptyState
        icon={Music2}
        title="We could not load the songs"
        action={<Button onClick={() => void songs.refetch()}>Try again</Button>}
      >
        {errorMessage(songs.error)}
      </EmptyState>
    );
  } else if (shown.length === 0 && view.filter.trim() !== '') {
    body = <NoSongsMatch filter={view.filter} onClear={() => view.setFilter('')} />;
  } else if (shown.length === 0) {
    body = term ? (
      <EmptyState
        icon={SearchX}
        title={`No songs match “${term}” yet`}
        action={
          <Button variant="secondary" onClick={() => setSearchTerm(null)}>
            Show all songs
          </Button>
        }
      >
        Try another name or artist, or clear the search.
      </EmptyState>
    ) : (
      <EmptyState
        icon={Music2}
        title="No songs here yet"
        action={
          <ButtonLink to="/upload" icon={<Upload size={18} aria-hidden="true" />}>
            Upload a song
          </ButtonLink>
        }
      >
        Upload your first track and it will show up here for everyone to enjoy.
      </EmptyState>
    );
  } else {
    body = <SongList songs={shown} label="Songs" />;
  }

  return (
    <div className="page">
      <PageHeader
        eyebrow="Library"
        title="Songs"
        description={
          songs.isSuccess && all.length > 0
            ? `${plural(all.length, 'song')} you can play on this server.`
            : 'Everything you can play on this server.'
        }
        actions={
          shown.length > 0 && (
            <Button
              size="lg"
              icon={<Play size={18} fill="currentColor" aria-hidden="true" />}
              onClick={() => playSongs(shown, 0)}
            >
              Play all
            </Button>
          )
        }
      />
      {term && (
        <div className="filter-chip">
          <span>
            Showing songs for <strong>“{term}”</strong>
            {songs.isSuccess && ` · ${plural(shown.length, 'result')}`}
          </span>
          <button
            type="button"
            className="filter-chip__clear"
            onClick={() => setSearchTerm(null)}
            aria-label={`Clear the search for “${term}”`}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      )}
      {songs.isSuccess && all.length > 0 && (
        <ListViewControls
          label="Songs"
          customLabel="Default order"
          sort={view.sort}
          filter={view.filter}
          onSort={view.setSort}
          onFilter={view.setFilter}
        />
      )}
      {body}
    </div>
  );
}
