/**
 * Cover URLs the server hands out name one size of a cover as a JPEG
 * (`/media/covers/{key}-640.jpg`); the same name with another size (160,
 * 320, 640) or `.webp` is that rendition (docs/api.md, GET /media/covers).
 */
const COVER_URL = /^(.*\/media\/covers\/[0-9a-f]{24})-(?:160|320|640)\.jpg$/;

/** The widths every cover is stored at, smallest first. */
export const COVER_WIDTHS = [160, 320, 640] as const;

export type CoverFormat = 'jpg' | 'webp';

/**
 * A `srcset` over every width of the cover at url in format, or null for
 * an image that is not a stored cover (the default cover, a preview).
 */
export function coverSrcSet(url: string, format: CoverFormat): string | null {
  const match = COVER_URL.exec(url);
  if (!match) return null;
  return COVER_WIDTHS.map((w) => `${match[1]}-${w}.${format} ${w}w`).join(', ');
}

/** Thumbnails in lists are shown at their own size. */
const THUMB_MAX = 64;
/** Cards: two to a row on a phone, about 150–200 pixels wide on a larger screen. */
export const CARD_SIZES = '(max-width: 640px) 42vw, 200px';
/** Heroes (a playlist's, an album's, Now Playing): most of a phone's width, about 260 pixels else. */
export const HERO_SIZES = '(max-width: 640px) 70vw, 260px';

/**
 * The `sizes` for a cover drawn for a slot of about `size` pixels: the
 * browser then picks the smallest rendition that is sharp at its pixel ratio.
 */
export function coverSizes(size: number): string {
  if (size <= THUMB_MAX) return `${size}px`;
  return size <= 320 ? CARD_SIZES : HERO_SIZES;
}
