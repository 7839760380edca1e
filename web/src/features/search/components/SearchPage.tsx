import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Search, SearchX } from 'lucide-react';
import { AlbumCard, ArtistCard, CardRow } from '@/components/cards';
import { PlaylistCard } from '@/components/playlists';
import { SongList } from '@/components/songs';
import { Avatar, Button, EmptyState, Highlight, Section, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { userPath } from '@/lib/playlist';
import { SEARCH_DEBOUNCE_MS, searchNavState } from '@/lib/search';
import { personName, personNote } from '@/lib/follows';
import { plural } from '@/lib/song';
import { setSearchTerm } from '@/lib/client-state';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearch, type SearchResults } from '../api/search';
import { TopResult } from './TopResult';
import './search.css';

/** A group with nothing for these words says so in one quiet line. */
function NoneFound({ children }: { children: ReactNode }) {
  return <p className="search-none">{children}</p>;
}

/** While the words shown are being searched: never the results of other words. */
function Searching({ q }: { q: string }) {
  return (
    <div className="search-pending" role="status" aria-label={`Searching for “${q}”`}>
      <Spinner size={28} />
      <span aria-hidden="true">Searching for “{q}”…</span>
    </div>
  );
}

function Groups({ results, term }: { results: SearchResults; term: string }) {
  const { top, songs, artists, albums, playlists, users } = results;
  const songsSection = (
    <Section
      title="Songs"
      action={
        songs.length > 0 ? (
          <Link to="/songs" onClick={() => setSearchTerm(term)}>
            Show in Songs
          </Link>
        ) : undefined
      }
    >
      {songs.length > 0 ? (
        <SongList songs={songs} label="Songs found" highlight={term} />
      ) : (
        <NoneFound>No songs match “{term}”.</NoneFound>
      )}
    </Section>
  );
  return (
    <>
      {top ? (
        <div className="search-lead">
          <Section title="Top result">
            <TopResult top={top} songs={songs} term={term} />
          </Section>
          {songsSection}
        </div>
      ) : (
        songsSection
      )}

      <Section title="Artists">
        {artists.length > 0 ? (
          <CardRow label="Artists found" layout="grid">
            {artists.map((artist) => (
              <li key={artist._id ?? artist.name}>
                <ArtistCard artist={artist} highlight={term} />
              </li>
            ))}
          </CardRow>
        ) : (
          <NoneFound>No artists match “{term}”.</NoneFound>
        )}
      </Section>

      <Section title="Albums">
        {albums.length > 0 ? (
          <CardRow label="Albums found" layout="grid">
            {albums.map((album) => (
              <li key={album._id}>
                <AlbumCard album={album} />
              </li>
            ))}
          </CardRow>
        ) : (
          <NoneFound>No albums match “{term}”.</NoneFound>
        )}
      </Section>

      <Section title="Playlists">
        {playlists.length > 0 ? (
          <CardRow label="Playlists found" layout="grid">
            {playlists.map((p) => (
              <li key={p._id}>
                <PlaylistCard
                  playlist={p}
                  meta={`${p.mine ? 'Yours' : `By ${p.owner}`} · ${plural(p.count, 'song')}`}
                />
              </li>
            ))}
          </CardRow>
        ) : (
          <NoneFound>No playlists match “{term}”.</NoneFound>
        )}
      </Section>

      <Section title="People">
        {users.length > 0 ? (
          <CardRow label="People found" layout="grid">
            {users.map((u) => (
              <li key={u._id}>
                <Link
                  className="person-result"
                  to={userPath(u.username)}
                  aria-label={`View profile of ${personName(u)}`}
                >
                  <Avatar name={personName(u)} src={u.picture} size={72} />
                  <span className="person-result__name">
                    <Highlight text={personName(u)} query={term} />
                  </span>
                  <span className="person-result__note">{personNote(u)}</span>
                </Link>
              </li>
            ))}
          </CardRow>
        ) : (
          <NoneFound>No people match “{term}”.</NoneFound>
        )}
      </Section>
    </>
  );
}

/**
 * `/search?q=…`: what the search box found, the top result first, then
 * songs, artists, albums, playlists and people. It follows the box as you
 * type, a moment after the last key. Results only ever show under the words
 * they answer: while newer words are waiting or loading, it says it is
 * searching instead, so a glance never reads one query's results as
 * another's.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const q = (params.get('q') ?? '').trim();
  // Opened by typing, the first letters wait like the rest; a link or a reload searches at once.
  const term = useDebouncedValue(
    q,
    SEARCH_DEBOUNCE_MS,
    searchNavState(location.state).typed ? '' : q,
  );
  const results = useSearch(term);
  // The answer held is for `term`, the words asked last; the heading shows
  // `q`, the words in the box. Until they are the same, the answer is old.
  const current = term === q;

  let body;
  if (q === '') {
    body = (
      <EmptyState icon={Search} title="Search Musicify">
        Find songs, artists, albums, playlists and people: start typing in the search box, or press
        / from anywhere.
      </EmptyState>
    );
  } else if (!current || results.isPending) {
    body = <Searching q={q} />;
  } else if (results.isError) {
    body = (
      <EmptyState
        icon={SearchX}
        title="We could not search just now"
        action={<Button onClick={() => void results.refetch()}>Try again</Button>}
      >
        {errorMessage(results.error)}
      </EmptyState>
    );
  } else {
    const { songs, artists, albums, playlists, users } = results.data;
    const found = songs.length + artists.length + albums.length + playlists.length + users.length;
    body =
      found === 0 ? (
        <EmptyState icon={SearchX} title={`No results for “${term}”`}>
          Check the spelling, or try fewer or other words.
        </EmptyState>
      ) : (
        <Groups results={results.data} term={term} />
      );
  }

  return (
    <div className="page search-page">
      <title>{q ? `${q} · Search · Musicify` : 'Search · Musicify'}</title>
      <header className="search-page__head">
        <p className="search-page__eyebrow">Search</p>
        <h1 className="search-page__title">
          {q ? `Results for “${q}”` : 'What do you want to hear?'}
        </h1>
      </header>
      <div className="search-page__body" aria-busy={(q !== '' && !current) || undefined}>
        {body}
      </div>
    </div>
  );
}
