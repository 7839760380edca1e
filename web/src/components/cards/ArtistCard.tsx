import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SongCover } from '@/components/songs/SongCover';
import { Highlight } from '@/components/ui/Highlight';
import { artistName, artistPath, plural, type Artist } from '@/lib/song';
import './cards.css';

interface ArtistCardProps {
  artist: Artist;
  /** A line under the name; by default how many songs they have. */
  meta?: ReactNode;
  /** Marks the part of the name that matches a search. */
  highlight?: string;
  /** Load the cover at once (the card is in view when the page opens); priority fetches it first. */
  eager?: boolean;
  priority?: boolean;
}

/** An artist as a card: a round cover and the name; it opens the artist's page. */
export function ArtistCard({ artist, meta, highlight, eager, priority }: ArtistCardProps) {
  const name = artistName(artist);
  return (
    <Link className="artist-card" to={artistPath(artist.name)}>
      <SongCover
        src={artist.cover}
        size={320}
        className="artist-card__cover"
        eager={eager}
        priority={priority}
      />
      <span className="artist-card__name">
        {highlight ? <Highlight text={name} query={highlight} /> : name}
      </span>
      <span className="artist-card__meta">{meta ?? plural(artist.songs, 'song')}</span>
    </Link>
  );
}
