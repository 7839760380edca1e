import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { plural } from '@/lib/format';
import { playlistPath, type Playlist } from '@/lib/playlist';
import { PlaylistCover } from './PlaylistCover';
import './playlists.css';

interface PlaylistCardProps {
  playlist: Playlist;
  /** A line under the name; by default the number of songs. */
  meta?: ReactNode;
  /** Actions over the cover's corner, such as the card's menu. */
  actions?: ReactNode;
}

/** A playlist as a card: the cover and the name open it. */
export function PlaylistCard({ playlist, meta, actions }: PlaylistCardProps) {
  const to = playlistPath(playlist._id);
  return (
    <article className="pl-card" aria-label={playlist.name}>
      <div className="pl-card__art">
        <Link to={to} className="pl-card__cover-link" tabIndex={-1} aria-hidden="true">
          <PlaylistCover playlist={playlist} size={320} className="pl-card__cover" />
        </Link>
        {actions && <div className="pl-card__actions">{actions}</div>}
      </div>
      <Link to={to} className="pl-card__name" title={playlist.name}>
        {playlist.name}
      </Link>
      <p className="pl-card__meta">{meta ?? plural(playlist.count, 'song')}</p>
    </article>
  );
}
