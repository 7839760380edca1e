import { Link } from 'react-router';
import { SongCover } from '@/components/songs/SongCover';
import type { Album } from '@/lib/albums';
import { albumArtist, albumPath } from '@/lib/song';
import './cards.css';

interface AlbumCardProps {
  album: Album;
  /** What the line under the name says: the artist (default), or the year (an artist's page). */
  meta?: 'artist' | 'year';
  /** Load the cover at once (the card is in view when the page opens); priority fetches it first. */
  eager?: boolean;
  priority?: boolean;
}

/** An album as a card: a square cover, the name, and year · artist; it opens the album. */
export function AlbumCard({ album, meta = 'artist', eager, priority }: AlbumCardProps) {
  const year = album.year > 0 ? String(album.year) : '';
  const line =
    meta === 'year'
      ? year || 'Album'
      : [year, albumArtist(album)].filter((part) => part !== '').join(' · ');
  return (
    <Link className="album-card" to={albumPath(album._id)}>
      <SongCover
        src={album.cover}
        size={320}
        className="album-card__cover"
        eager={eager}
        priority={priority}
      />
      <span className="album-card__name" title={album.name}>
        {album.name}
      </span>
      <span className="album-card__meta">{line}</span>
    </Link>
  );
}
