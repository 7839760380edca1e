import { useState } from 'react';
import { coverSizes, coverSrcSet } from '@/lib/covers';
import { DEFAULT_COVER } from '@/lib/song';
import './SongCover.css';

interface SongCoverProps {
  src: string | null | undefined;
  /** About the size in CSS pixels the cover is shown at; it picks `sizes` unless given. */
  size?: number;
  className?: string;
  /** Covers beside a title are decoration; give alt text only where the image stands alone. */
  alt?: string;
  /** Load at once: the cover is in view when the page opens. */
  eager?: boolean;
  /** The page's largest image (its LCP element): fetched first, and at once. */
  priority?: boolean;
  /** The `sizes` attribute, for a slot that `size` does not describe. */
  sizes?: string;
}

/**
 * A cover image that falls back to the default cover when missing or
 * broken. A stored cover comes as WebP where the browser takes it and JPEG
 * else, each at the smallest of its widths that is sharp in its slot.
 */
export function SongCover({
  src,
  size = 40,
  className,
  alt = '',
  eager = false,
  priority = false,
  sizes,
}: SongCoverProps) {
  const wanted = src || DEFAULT_COVER;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? DEFAULT_COVER : wanted;
  const webp = coverSrcSet(shown, 'webp');
  const jpeg = coverSrcSet(shown, 'jpg');
  const slot = sizes ?? coverSizes(size);
  const img = (
    <img
      className={['cover', className].filter(Boolean).join(' ')}
      src={shown}
      srcSet={jpeg ?? undefined}
      sizes={jpeg ? slot : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      draggable={false}
      onError={() => setFailed(wanted)}
    />
  );
  if (!webp) return img;
  return (
    <picture className="cover-picture">
      <source type="image/webp" srcSet={webp} sizes={slot} />
      {img}
    </picture>
  );
}
