import { Link } from 'react-router';
import { Mic2, Upload } from 'lucide-react';
import { SongCover } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageHeader, PageLoader } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { artistPath, displayName, plural } from '@/lib/song';
import { useArtists } from '../api/get-artists';
import './artists.css';

/** `/artist`: every artist with songs on this server. */
export function ArtistsPage() {
  const artists = useArtists();

  let body;
  if (artists.isPending) {
    body = <PageLoader />;
  } else if (artists.isError) {
    body = (
      <EmptyState
        icon={Mic2}
        title="We could not load the artists"
        action={<Button onClick={() => void artists.refetch()}>Try again</Button>}
      >
        {errorMessage(artists.error)}
      </EmptyState>
    );
  } else if (artists.data.length === 0) {
    body = (
      <EmptyState
        icon={Mic2}
        title="No artists yet"
        action={
          <ButtonLink to="/upload" icon={<Upload size={18} aria-hidden="true" />}>
            Upload a song
          </ButtonLink>
        }
      >
        Artists appear here as soon as their songs are uploaded.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="artist-grid" aria-label="Artists">
        {artists.data.map((artist) => (
          <li key={artist.name}>
            <Link className="artist-card" to={artistPath(artist.name)}>
              <SongCover src={artist.cover} size={320} className="artist-card__cover" />
              <span className="artist-card__name">{displayName(artist.name)}</span>
              <span className="artist-card__meta">{plural(artist.songs, 'song')}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="page">
      <PageHeader eyebrow="Library" title="Artists" description="The voices behind the music." />
      {body}
    </div>
  );
}
