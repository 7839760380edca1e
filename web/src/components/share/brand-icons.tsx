/** Brand marks lucide no longer ships, drawn inline so nothing is fetched from elsewhere. */

interface IconProps {
  size?: number;
}

/** The X (formerly Twitter) mark. */
export function XIcon({ size = 22 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23zm-1.16 17.52h1.83L7.08 4.13H5.12z"
      />
    </svg>
  );
}

/** A plain 'f' in the way of Facebook's mark. */
export function FacebookIcon({ size = 22 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M13.5 22v-8.2h2.76l.41-3.2H13.5V8.56c0-.93.26-1.56 1.59-1.56h1.7V4.14A22.6 22.6 0 0 0 14.31 4c-2.45 0-4.13 1.5-4.13 4.25v2.35H7.41v3.2h2.77V22z"
      />
    </svg>
  );
}
