import { useId } from 'react';
import './Logo.css';

/** The Musicify mark: a play-shaped wave on a green tile. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5cf08e" />
          <stop offset="1" stopColor="#0fb64b" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="13" fill={`url(#${id})`} />
      <g fill="#04140a">
        <rect x="11" y="20" width="4.5" height="8" rx="2.25" />
        <rect x="18.5" y="14" width="4.5" height="20" rx="2.25" />
        <rect x="26" y="10" width="4.5" height="28" rx="2.25" />
        <rect x="33.5" y="17" width="4.5" height="14" rx="2.25" />
      </g>
    </svg>
  );
}

interface LogoProps {
  size?: number;
  className?: string;
}

/** Mark and wordmark; the wordmark is the accessible name. */
export function Logo({ size = 32, className }: LogoProps) {
  return (
    <span className={['logo', className].filter(Boolean).join(' ')}>
      <LogoMark size={size} />
      <span className="logo__word" style={{ fontSize: Math.round(size * 0.68) }}>
        Musicify
      </span>
    </span>
  );
}
