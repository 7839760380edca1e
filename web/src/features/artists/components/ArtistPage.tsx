import { useParams } from 'react-router';
import { Mic2, Play } from 'lucide-react';
import { SongCover, SongList } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageLoader } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { displayName, plural } from '@/lib/song';
import { useArtist } from '../api/get-artist';
import './artists.css';

/** `/artist/:name`: one artist, their songs and a button that plays them all. */
export function ArtistPage() {
  const { name = '' } = useParams();
  const artist = useArtist(name);
  const title = displayName(name);

  if (artist.isPending) return <PageLoader />;

  if (artist.isError) {
    const missing = artist.error instanceof ApiError && artist.error.status === 404;
    return (
      <div className="page">
        <title>{`${title} · Musicify`}</title>
        <EmptyState
          icon={Mic2}
          title={missing ? 'We could not find this artist' : 'We could not load this artist'}
          action={
            missing ? (
              <ButtonLink to="/artist">All artists</ButtonLink>
            ) : (
              <Button onClick={() => void artist.refetch()}>Try again</Button>
            )
          }
        >
          {missing ? 'They may have no songs on this server any more.' : errorMessage(artist.error)}
        </EmptyState>
      </div>
    );
  }

  const { songs } = artist.data;
  const plays = songs.reduce((sum, s) => sum + s.count, 0);
  return (
    <div className="page">
      <title>{`${title} · Musicify`}</title>
      <header className="artist-hero">
        <SongCover src={artist.data.artist.cover} size={640} className="artist-hero__cover" eager />
        <div className="artist-hero__text">
          <p className="artist-hero__eyebrow">Artist</p>
          <h1 className="artist-hero__name">{displayName(artist.data.artist.name)}</h1>
          <p className="artist-hero__meta">
            {plural(songs.length, 'song')} · {plural(plays, 'play')}
          </p>
        </div>
      </header>
      <div className="artist-actions">
        <Button
          size="lg"
          className="artist-actions__play"
          icon={<Play size={20} fill="currentColor" aria-hidden="true" />}
          onClick={() => playSongs(songs, 0)}
          disabled={songs.length === 0}
        >
          Play all
        </Button>
      </div>
      <SongList songs={songs} label={`Songs by ${title}`} showArtist={false} />
    </div>
  );
}
