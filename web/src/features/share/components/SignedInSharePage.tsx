import { Link } from 'react-router';
import { ListMusic, Play } from 'lucide-react';
import { PlaylistCover } from '@/components/playlists';
import { SongCover, SongList } from '@/components/songs';
import { Button, ButtonLink, PageHero, PageLoader } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { playSongs } from '@/lib/player-store';
import { playlistPath, userPath } from '@/lib/playlist';
import type { ShareType } from '@/lib/share-links';
import { albumPath, displayName, formatTime, plural, songArtist, songArtistPath } from '@/lib/song';
import { useShared } from '../api/get-shared';
import { ShareNotFound } from './ShareNotFound';

/** A shared song or playlist for a signed-in listener: ready to play. */
export function SignedInSharePage({ type, id }: { type: ShareType; id: string }) {
  const shared = useShared(type, id);

  if (shared.isPending) return <PageLoader />;
  if (shared.isError) {
    const missing = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <ShareNotFound
        type={type}
        signedIn
        reason={missing ? undefined : errorMessage(shared.error)}
      />
    );
  }

  const item = shared.data;
  if (item.type === 'song') {
    const { song } = item;
    return (
      <div className="page">
        <title>{`${song.song} · Musicify`}</title>
        <PageHero
          eyebrow="Shared song"
          title={song.song}
          art={<SongCover src={song.cover} size={640} eager />}
          meta={
            <>
              <Link to={songArtistPath(song)}>{songArtist(song)}</Link>
              {song.album && song.albumId && (
                <>
                  {' · '}
                  <Link to={albumPath(song.albumId)}>{song.album}</Link>
                </>
              )}
              {song.year ? ` · ${song.year}` : ''}
              {song.duration > 0 && ` · ${formatTime(song.duration)}`} ·{' '}
              {plural(song.count, 'play')}
            </>
          }
          note={
            song.uploader && (
              <>
                Uploaded by <Link to={userPath(song.uploader)}>{displayName(song.uploader)}</Link>
              </>
            )
          }
        />
        <div className="share-actions">
          <Button
            size="lg"
            icon={<Play size={20} fill="currentColor" aria-hidden="true" />}
            onClick={() => playSongs([song], 0)}
          >
            Play
          </Button>
        </div>
        <SongList songs={[song]} label="Shared song" />
      </div>
    );
  }

  const { playlist } = item;
  return (
    <div className="page">
      <title>{`${playlist.name} · Musicify`}</title>
      <PageHero
        eyebrow="Shared playlist"
        title={playlist.name}
        art={<PlaylistCover playlist={playlist} size={640} eager />}
        meta={
          <>
            <Link to={playlist.mine ? '/profile' : userPath(playlist.owner)}>{playlist.owner}</Link>{' '}
            · {plural(playlist.songs.length, 'song')}
          </>
        }
      />
      <div className="share-actions">
        <Button
          size="lg"
          icon={<Play size={20} fill="currentColor" aria-hidden="true" />}
          onClick={() => playSongs(playlist.songs, 0)}
          disabled={playlist.songs.length === 0}
        >
          Play all
        </Button>
        <ButtonLink
          to={playlistPath(playlist._id)}
          size="lg"
          variant="secondary"
          icon={<ListMusic size={18} aria-hidden="true" />}
        >
          Open playlist
        </ButtonLink>
      </div>
      {playlist.songs.length > 0 ? (
        <SongList
          songs={playlist.songs}
          label={`Songs in ${playlist.name}`}
          playlistId={playlist._id}
        />
      ) : (
        <p className="share-empty">This playlist has no songs yet.</p>
      )}
    </div>
  );
}
