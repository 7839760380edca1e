import { SongCover } from '@/components/songs/SongCover';
import { coverSrcSet } from '@/lib/covers';
import { DEFAULT_COVER } from '@/lib/song';
import type { Playlist } from '@/lib/playlist';
import './playlist-cover.css';

interface PlaylistCoverProps {
  playlist: Pick<Playlist, 'cover' | 'coverSmall'> & { mosaic?: string[] };
  /** The size it is shown at in CSS pixels, for the image's width and height. */
  size?: number;
  className?: string;
  /** Alt text where the picture stands alone; covers beside a name are decoration. */
  alt?: string;
  eager?: boolean;
}

/**
 * The tiles of a mosaic, always four so the grid stays square: two covers
 * alternate like a chessboard, a third fills the last corner with the first.
 */
export function mosaicTiles(mosaic: readonly string[]): string[] {
  const [a, b, c, d] = mosaic;
  if (a === undefined || b === undefined) return a === undefined ? [] : [a];
  if (c === undefined) return [a, b, b, a];
  return [a, b, c, d ?? a];
}

/**
 * A single cover shown large: the server's 640 px rendition of a small
 * (160 px) cover URL, when the URL is one of those.
 */
export function largeCover(url: string): string {
  return url.replace(/-160\.jpg(?=$|\?)/, '-640.jpg');
}

/**
 * A playlist's picture: its own cover when it has one, else a 2×2 mosaic of
 * its first songs' covers (one song: that cover), else the default cover.
 */
export function PlaylistCover({ playlist, size = 160, className, alt, eager }: PlaylistCoverProps) {
  const own = playlist.cover && playlist.cover !== DEFAULT_COVER;
  const tiles = own ? [] : mosaicTiles(playlist.mosaic ?? []);
  if (tiles.length < 4) {
    const large = size > 160;
    const one = tiles[0];
    let src = DEFAULT_COVER;
    if (own) src = large ? playlist.cover : playlist.coverSmall;
    else if (one !== undefined) src = large ? largeCover(one) : one;
    return <SongCover src={src} size={size} className={className} alt={alt} eager={eager} />;
  }
  const tile = Math.ceil(size / 2);
  return (
    <span
      className={['pl-mosaic', className].filter(Boolean).join(' ')}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      data-mosaic={tiles.length}
    >
      {tiles.map((src, i) => {
        // Each corner picks its rendition like any cover: WebP where the
        // browser takes it, sharp at the screen's pixel ratio.
        const webp = coverSrcSet(src, 'webp');
        const jpeg = coverSrcSet(src, 'jpg');
        const sizes = `${tile}px`;
        return (
          // The same cover can fill two corners.
          <picture key={i} className="pl-mosaic__pick">
            {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
            <img
              className="pl-mosaic__tile"
              src={src}
              srcSet={jpeg ?? undefined}
              sizes={jpeg ? sizes : undefined}
              alt=""
              width={tile}
              height={tile}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              draggable={false}
              // A tile that fails to load leaves its corner to the background.
              onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
            />
          </picture>
        );
      })}
    </span>
  );
}
