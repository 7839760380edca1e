import type { ComponentProps } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Mic2, Sparkles } from 'lucide-react';
import { ArtistCard, CardRow, SongCard } from '@/components/cards';
import { Button, EmptyState, Section, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { useRecommendedArtists } from '../api/get-recommended-artists';
import { useRecommendedSongs } from '../api/get-recommended-songs';

type Icon = ComponentProps<typeof EmptyState>['icon'];

/** Cards of a row in view on a wide screen when Home opens: their covers load at once. */
const FIRST_IN_VIEW = 6;

/** Loading, failed or empty: what a row of recommendations shows before it has cards. */
function RowStatus({
  query,
  icon,
  what,
  empty,
}: {
  query: UseQueryResult<unknown[]>;
  icon: Icon;
  what: string;
  empty: { title: string; text: string };
}) {
  if (query.isPending) {
    return (
      <div className="row-loader">
        <Spinner label="Loading" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={icon}
        title={`We could not load ${what}`}
        compact
        action={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={icon} title={empty.title} compact>
      {empty.text}
    </EmptyState>
  );
}

/** 'Recommended Artist For you': cards with cover and name; a card opens the artist. */
export function RecommendedArtists() {
  const artists = useRecommendedArtists();
  return (
    <Section title="Recommended Artist For you">
      {artists.data && artists.data.length > 0 ? (
        <CardRow label="Recommended artists">
          {artists.data.map((artist, i) => (
            <li key={artist.name}>
              {/* Home's first rows: in view at once; their first covers are the largest images (LCP). */}
              <ArtistCard artist={artist} eager={i < FIRST_IN_VIEW} priority={i === 0} />
            </li>
          ))}
        </CardRow>
      ) : (
        <RowStatus
          query={artists}
          icon={Mic2}
          what="your artists"
          empty={{
            title: 'Artists picked for you land here',
            text: 'Play a few songs and we will suggest artists that fit your taste.',
          }}
        />
      )}
    </Section>
  );
}

/** 'Songs Recommended For you': cards with cover, song, artist and why; a card plays from there. */
export function RecommendedSongs() {
  const songs = useRecommendedSongs();
  const list = songs.data ?? [];
  return (
    <Section title="Songs Recommended For you">
      {list.length > 0 ? (
        <CardRow label="Recommended songs">
          {list.map((song, i) => (
            <li key={song._id}>
              <SongCard
                song={song}
                onPlay={() => playSongs(list, i)}
                eager={i < FIRST_IN_VIEW}
                priority={i === 0}
                note={song.reason?.text}
              />
            </li>
          ))}
        </CardRow>
      ) : (
        <RowStatus
          query={songs}
          icon={Sparkles}
          what="your recommendations"
          empty={{
            title: 'Your recommendations are warming up',
            text: 'Listen for a little while and fresh picks will show up here.',
          }}
        />
      )}
    </Section>
  );
}
