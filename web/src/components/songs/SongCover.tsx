import { useState } from 'react';
import { DEFAULT_COVER } from '@/lib/song';

interface SongCoverProps {
  src: string | null | undefined;
  size?: number;
  className?: string;
  /** Covers beside a title are decoration; give alt text only where the image stands alone. */
  alt?: string;
  eager?: boolean;
}

/** A cover image that falls back to the default cover when missing or broken. */
export function SongCover({ src, size = 40, className, alt = '', eager = false }: SongCoverProps) {
  const wanted = src || DEFAULT_COVER;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? DEFAULT_COVER : wanted;
  return (
    <img
      className={['cover', className].filter(Boolean).join(' ')}
      src={shown}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      onError={() => setFailed(wanted)}
    />
  );
}
