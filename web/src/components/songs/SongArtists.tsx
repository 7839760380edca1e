import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { artistPath, type Song } from '@/lib/song';

/**
 * A song's artists as separate links ("A & B feat. C": three pages), when it
 * has more than one; otherwise `fallback`, the one link rows already show.
 */
export function SongArtists({
  song,
  className,
  fallback,
}: {
  song: Pick<Song, 'artists'>;
  className?: string;
  fallback: ReactNode;
}) {
  const artists = song.artists ?? [];
  if (artists.length < 2) return <>{fallback}</>;
  return (
    <span className="song-artists">
      {artists.map((a, i) => {
        const prev = artists[i - 1];
        const sep = !prev
          ? null
          : a.role === 'featured' && prev.role !== 'featured'
            ? ' feat. '
            : a.role === 'featured'
              ? ', '
              : ' & ';
        return (
          <Fragment key={a.id}>
            {sep && <span aria-hidden="true">{sep}</span>}
            <Link className={className} to={artistPath(a.id)}>
              {a.name}
            </Link>
          </Fragment>
        );
      })}
    </span>
  );
}
