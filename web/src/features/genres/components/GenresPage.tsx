import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Tags } from 'lucide-react';
import { BrowseTabs } from '@/components/albums';
import { Button, EmptyState, PageHeader, PageLoader } from '@/components/ui';
import { useGenres } from '@/lib/albums';
import { errorMessage } from '@/lib/api-client';
import { genrePath, plural } from '@/lib/song';
import { genreHue } from '../genre-color';
import './genres.css';

/** `/genres`: every genre as a coloured tile with how much it holds. */
export function GenresPage() {
  const genres = useGenres();

  let body;
  if (genres.isPending) {
    body = <PageLoader />;
  } else if (genres.isError) {
    body = (
      <EmptyState
        icon={Tags}
        title="We could not load the genres"
        action={<Button onClick={() => void genres.refetch()}>Try again</Button>}
      >
        {errorMessage(genres.error)}
      </EmptyState>
    );
  } else if (genres.data.length === 0) {
    body = (
      <EmptyState icon={Tags} title="No genres yet">
        Genres come from the tags of the music: upload tagged files or import a music library.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="genre-grid" aria-label="Genres">
        {genres.data.map((g) => (
          <li key={g.name}>
            <Link
              to={genrePath(g.name)}
              className="genre-tile"
              style={{ '--genre-hue': genreHue(g.name) } as CSSProperties}
            >
              <span className="genre-tile__name">{g.name}</span>
              <span className="genre-tile__meta">
                {plural(g.albums, 'album')} · {plural(g.songs, 'song')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="page">
      <PageHeader eyebrow="Library" title="Genres" description="Browse the music by its style." />
      <BrowseTabs />
      {body}
    </div>
  );
}
