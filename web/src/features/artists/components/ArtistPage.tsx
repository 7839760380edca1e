import { useParams } from 'react-router';
import { Mic2, Play, Shuffle, UserRound } from 'lucide-react';
import { AlbumCard } from '@/components/cards';
import { FollowButton } from '@/components/follow';
import { SongCover, SongList } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageHero, PageLoader, Section } from '@/components/ui';
import type { ArtistDetail } from '@/lib/albums';
import type { Artist, Song } from '@/lib/song';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFollowings } from '@/lib/follows';
import { playShuffled, playSongs } from '@/lib/player-store';
import { userPath } from '@/lib/playlist';
import { useSession } from '@/lib/session';
import { artistName, displayName, playable, plural } from '@/lib/song';
import { useArtist } from '../api/get-artist';
import './artists.css';

/** Follow and 'View profile' for an artist who is one of our users (not for yourself). */
function UploaderActions({ artist }: { artist: Artist }) {
  const { user: me } = useSession();
  const followings = useFollowings();
  if (!artist.userId || artist.userId === me._id) return null;
  const following = followings.data?.some((r) => r.userId === artist.userId) ?? false;
  const username = artist.username ?? artist.name;
  return (
    <>
      <FollowButton userId={artist.userId} username={username} following={following} size="lg" />
      <ButtonLink
        to={userPath(username)}
        variant="ghost"
        size="lg"
        icon={<UserRound size={18} aria-hidden="true" />}
      >
        View profile
      </ButtonLink>
    </>
  );
}

/**
 * The artist's albums without their singles: an upload without an album tag
 * is filed as a single named after the song, which the song list shows already.
 */
export function realAlbums({ albums, songs }: Pick<ArtistDetail, 'albums' | 'songs'>) {
  const singles = new Set(songs.filter((s) => !s.album).map((s) => s.albumId));
  return albums.filter((a) => !singles.has(a._id));
}

/**
 * The artist's own songs (they are a main artist) and those they appear on
 * ("A feat. B" on B's page), keeping the order given.
 */
export function splitAppearances(songs: Song[], artistId: string | undefined) {
  const own: Song[] = [];
  const appearsOn: Song[] = [];
  for (const s of songs) {
    const mine = s.artists?.find((a) => a.id === artistId);
    if (artistId && s.artistId !== artistId && mine?.role === 'featured') appearsOn.push(s);
    else own.push(s);
  }
  return { own, appearsOn };
}

/**
 * `/artist/:name`: an artist under the name as they spell it, their most
 * played songs, their albums (newest first) and every song; an uploader's
 * page links to their profile and can be followed.
 */
export function ArtistPage() {
  const { name = '' } = useParams();
  const query = useArtist(name);

  if (query.isPending) return <PageLoader />;

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="page">
        {/* A library artist's link names its id, which is no title to show. */}
        <title>{`${/^[0-9a-f]{24}$/.test(name) ? 'Artist' : displayName(name)} · Musicify`}</title>
        <EmptyState
          icon={Mic2}
          title={missing ? 'We could not find this artist' : 'We could not load this artist'}
          action={
            missing ? (
              <ButtonLink to="/artist">All artists</ButtonLink>
            ) : (
              <Button onClick={() => void query.refetch()}>Try again</Button>
            )
          }
        >
          {missing ? 'They may have no songs on this server any more.' : errorMessage(query.error)}
        </EmptyState>
      </div>
    );
  }

  const { artist, songs, top } = query.data;
  const { own, appearsOn } = splitAppearances(songs, artist._id);
  const albums = realAlbums(query.data);
  const title = artistName(artist);
  const queue = playable(songs);
  const plays = songs.reduce((sum, s) => sum + s.count, 0);
  return (
    <div className="page">
      <title>{`${title} · Musicify`}</title>
      <PageHero
        eyebrow="Artist"
        title={title}
        art={<SongCover src={artist.cover} size={640} eager />}
        round
        meta={
          <>
            {plural(songs.length, 'song')}
            {albums.length > 0 && ` · ${plural(albums.length, 'album')}`} · {plural(plays, 'play')}
          </>
        }
      />
      <div className="artist-actions">
        <Button
          size="lg"
          className="artist-actions__play"
          icon={<Play size={20} fill="currentColor" aria-hidden="true" />}
          onClick={() => playSongs(queue, 0)}
          disabled={queue.length === 0}
        >
          Play all
        </Button>
        <Button
          size="lg"
          variant="secondary"
          icon={<Shuffle size={18} aria-hidden="true" />}
          onClick={() => playShuffled(queue)}
          disabled={queue.length === 0}
        >
          Shuffle
        </Button>
        <UploaderActions artist={artist} />
      </div>
      {/* With five songs or fewer, the full list below says it all. */}
      {songs.length > top.length && (
        <Section title="Popular">
          <SongList songs={top} label={`Most played songs by ${title}`} showArtist={false} />
        </Section>
      )}
      {albums.length > 0 && (
        <Section title="Albums">
          <ul className="artist-albums" aria-label={`Albums by ${title}`}>
            {albums.map((album) => (
              <li key={album._id}>
                <AlbumCard album={album} meta="year" />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {own.length > 0 && (
        <Section title="All songs">
          <SongList songs={own} label={`Songs by ${title}`} showArtist={false} />
        </Section>
      )}
      {appearsOn.length > 0 && (
        <Section title="Appears on">
          {/* Their songs show who else is on them, each a link. */}
          <SongList songs={appearsOn} label={`Songs ${title} is featured on`} />
        </Section>
      )}
    </div>
  );
}
