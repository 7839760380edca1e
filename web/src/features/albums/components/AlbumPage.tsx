import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Disc3, ListPlus, Play, Shuffle } from 'lucide-react';
import { AddToPlaylistDialog } from '@/components/playlists';
import { QueueListMenu, SongCover, SongList } from '@/components/songs';
import { DownloadCollectionButton } from '@/components/offline/DownloadCollectionButton';
import { Button, ButtonLink, EmptyState, PageHero, PageLoader } from '@/components/ui';
import { useAlbum, type Album } from '@/lib/albums';
import { ApiError, errorMessage } from '@/lib/api-client';
import { playShuffled, playSongs } from '@/lib/player-store';
import { formatDuration, plural } from '@/lib/format';
import { albumArtist, artistPath, genrePath, playable, type Song } from '@/lib/song';
import './album.css';

/** Whether a row should name its artist: only when it is not the album's own (compilations, guests). */
function hasGuests(album: Album, songs: Song[]): boolean {
  return (
    album.compilation || songs.some((s) => s.artist.toLowerCase() !== album.artist.toLowerCase())
  );
}

/** `/album/:id`: an album with its cover, facts, actions and songs in disc and track order. */
export function AlbumPage() {
  const { id = '' } = useParams();
  const query = useAlbum(id);
  const [adding, setAdding] = useState(false);

  if (query.isPending) return <PageLoader />;

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="page">
        <title>Album · Musicify</title>
        <EmptyState
          icon={Disc3}
          title={missing ? 'We could not find this album' : 'We could not load this album'}
          action={
            missing ? (
              <ButtonLink to="/albums">All albums</ButtonLink>
            ) : (
              <Button onClick={() => void query.refetch()}>Try again</Button>
            )
          }
        >
          {missing
            ? 'It may have been removed, or the link is incomplete.'
            : errorMessage(query.error)}
        </EmptyState>
      </div>
    );
  }

  const { album, songs } = query.data;
  const queue = playable(songs);
  const first = songs[0];
  return (
    <div className="page album">
      <title>{`${album.name} · ${albumArtist(album)} · Musicify`}</title>
      <PageHero
        eyebrow={album.compilation ? 'Compilation' : 'Album'}
        title={album.name}
        glow={album.cover}
        art={<SongCover src={album.cover} size={640} alt={`Cover of ${album.name}`} eager />}
        meta={[
          <Link key="artist" to={artistPath(album.artist)}>
            {albumArtist(album)}
          </Link>,
          album.year > 0 && album.year,
          album.genre && (
            <Link key="genre" className="album-genre" to={genrePath(album.genre)}>
              {album.genre}
            </Link>
          ),
          `${plural(songs.length, 'song')}${album.duration > 0 ? `, ${formatDuration(album.duration)}` : ''}`,
        ]}
      />
      <div className="album-actions">
        <Button
          size="lg"
          className="album-actions__play"
          icon={<Play size={22} fill="currentColor" aria-hidden="true" />}
          onClick={() => playSongs(queue, 0)}
          disabled={queue.length === 0}
        >
          Play
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
        <Button
          size="lg"
          variant="ghost"
          icon={<ListPlus size={20} aria-hidden="true" />}
          onClick={() => setAdding(true)}
          disabled={songs.length === 0}
          aria-haspopup="dialog"
        >
          Add to playlist
        </Button>
        <DownloadCollectionButton
          collection={{ kind: 'album', id: album._id, name: album.name, cover: album.coverSmall }}
          songs={songs}
        />
        <QueueListMenu songs={queue} name={album.name} />
      </div>
      <SongList
        songs={songs}
        label={`Songs of ${album.name}`}
        showArtist={hasGuests(album, songs)}
        showAlbum={false}
        albumOrder
      />
      {album.year > 0 && <p className="album-footer">Released {album.year}</p>}
      {adding && first && (
        <AddToPlaylistDialog
          song={first}
          songs={songs}
          label={album.name}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}
