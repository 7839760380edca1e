import { useParams } from 'react-router';
import { Disc3, Play } from 'lucide-react';
import { AlbumGrid } from '@/components/albums';
import { SongList } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageHero, PageLoader, Section } from '@/components/ui';
import { useGenres } from '@/lib/albums';
import { errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { playable, plural } from '@/lib/song';
import { useGenreSongs } from '../api/get-genre-songs';
import { genreHue, sameGenre } from '../genre-color';
import './genres.css';

/** `/genre/:name`: a genre's albums (most played first) and its songs. */
export function GenrePage() {
  const { name = '' } = useParams();
  const genres = useGenres();
  const songs = useGenreSongs(name);
  // The genre as the library spells it, whatever case the address used.
  const genre = genres.data?.find((g) => sameGenre(g.name, name));
  const title = genre?.name ?? name;
  const queue = playable(songs.data ?? []);

  let songBody;
  if (songs.isPending) songBody = <PageLoader />;
  else if (songs.isError) songBody = <p className="genre-error">{errorMessage(songs.error)}</p>;
  else if (songs.data.length === 0)
    songBody = <p className="genre-none">No songs of this genre.</p>;
  else songBody = <SongList songs={songs.data} label={`${title} songs`} />;

  return (
    <div className="page">
      <title>{`${title} · Musicify`}</title>
      <PageHero
        eyebrow="Genre"
        title={title}
        tint={genreHue(title)}
        meta={genre && `${plural(genre.albums, 'album')} · ${plural(genre.songs, 'song')}`}
      />
      <div className="genre-actions">
        <Button
          size="lg"
          icon={<Play size={20} fill="currentColor" aria-hidden="true" />}
          onClick={() => playSongs(queue, 0)}
          disabled={queue.length === 0}
        >
          Play
        </Button>
        <ButtonLink to="/genres" variant="ghost" size="lg">
          All genres
        </ButtonLink>
      </div>
      <Section title="Albums">
        <AlbumGrid
          params={{ sort: 'plays', genre: title }}
          label={`${title} albums`}
          empty={
            <EmptyState icon={Disc3} title="No albums of this genre" compact>
              Albums of {title} appear here once their songs are on this server.
            </EmptyState>
          }
        />
      </Section>
      <Section title="Songs">{songBody}</Section>
    </div>
  );
}
