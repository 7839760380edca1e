import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Search, SearchX } from 'lucide-react';
import { ArtistCard, CardRow } from '@/components/cards';
import { PlaylistCard } from '@/components/playlists';
import { SongList } from '@/components/songs';
import { Avatar, Button, EmptyState, Highlight, PageLoader, Section } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { userPath } from '@/lib/playlist';
import { SEARCH_DEBOUNCE_MS, searchNavState } from '@/lib/search';
import { plural } from '@/lib/song';
import { setSearchTerm } from '@/lib/client-state';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearch, type SearchResults } from '../api/search';
import './search.css';

/** A group with nothing for these words says so in one quiet line. */
function NoneFound({ children }: { children: ReactNode }) {
  return <p className="search-none">{children}</p>;
}

function Groups({ results, term }: { results: SearchResults; term: string }) {
  const { songs, artists, playlists, users } = results;
  return (
    <>
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

      <Section title="Artists">
        {artists.length > 0 ? (
          <CardRow label="Artists found" layout="grid">
            {artists.map((artist) => (
              <li key={artist.name}>
                <ArtistCard artist={artist} highlight={term} />
              </li>
            ))}
          </CardRow>
        ) : (
          <NoneFound>No artists match “{term}”.</NoneFound>
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
                  aria-label={`View profile of ${u.username}`}
                >
                  <Avatar name={u.username} size={72} />
                  <span className="person-result__name">
                    <Highlight text={u.username} query={term} />
                  </span>
                  <span className="person-result__note">
                    {u.following ? 'You follow them' : 'Listener'}
                  </span>
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
 * `/search?q=…`: what the search box found, grouped into songs, artists,
 * playlists and people. It follows the box as you type, a moment after the
 * last key, and keeps the last results on screen until the next arrive.
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
  const stale = results.isPlaceholderData || (term !== q && q !== '');

  let body;
  if (q === '') {
    body = (
      <EmptyState icon={Search} title="Search Musicify">
        Find songs, artists, playlists and people: start typing in the search box.
      </EmptyState>
    );
  } else if (term === '' || results.isPending) {
    body = <PageLoader />;
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
    const { songs, artists, playlists, users } = results.data;
    const found = songs.length + artists.length + playlists.length + users.length;
    body =
      found === 0 && !results.isPlaceholderData ? (
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
      <div
        className={stale ? 'search-page__body search-page__body--stale' : 'search-page__body'}
        aria-busy={stale || undefined}
      >
        {body}
      </div>
    </div>
  );
}
