import { Mic2, Upload } from 'lucide-react';
import { ArtistCard } from '@/components/cards';
import { Button, ButtonLink, EmptyState, PageHeader, PageLoader } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
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
            <ArtistCard artist={artist} />
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
