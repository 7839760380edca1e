import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SongCover } from '@/components/songs/SongCover';
import { playlistPath, type Playlist } from '@/lib/playlist';
import { plural } from '@/lib/song';
import './playlists.css';

interface PlaylistCardProps {
  playlist: Playlist;
  /** A line under the name; by default the number of songs. */
  meta?: ReactNode;
  /** Shows the playlist's id, as SPEC.md asks on the playlists page. */
  showId?: boolean;
  /** Actions over the cover's corner, such as the card's menu. */
  actions?: ReactNode;
}

/** A playlist as a card: the cover and the name open it. */
export function PlaylistCard({ playlist, meta, showId = false, actions }: PlaylistCardProps) {
  const to = playlistPath(playlist._id);
  return (
    <article className="pl-card" aria-label={playlist.name}>
      <div className="pl-card__art">
        <Link to={to} className="pl-card__cover-link" tabIndex={-1} aria-hidden="true">
          <SongCover src={playlist.cover} size={320} className="pl-card__cover" />
        </Link>
        {actions && <div className="pl-card__actions">{actions}</div>}
      </div>
      <Link to={to} className="pl-card__name" title={playlist.name}>
        {playlist.name}
      </Link>
      <p className="pl-card__meta">{meta ?? plural(playlist.count, 'song')}</p>
      {showId && (
        <p className="pl-card__id" title={`Playlist id ${playlist.id}`}>
          <span className="visually-hidden">Playlist id </span>
          {playlist.id}
        </p>
      )}
    </article>
  );
}
