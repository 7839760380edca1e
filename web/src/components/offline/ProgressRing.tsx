const RADIUS = 14;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

interface ProgressRingProps {
  percent: number;
  /** The progress bar's accessible name, e.g. 'Downloading “Night Drive”'. */
  label: string;
  size?: number;
  /** Shows the number in the ring (big enough rings only). */
  showNumber?: boolean;
}

/** A circular progress bar: a track and an accent arc that fills clockwise. */
export function ProgressRing({ percent, label, size = 28, showNumber = false }: ProgressRingProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <span
      className="offline-ring"
      style={{ width: size, height: size }}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={`${clamped}%`}
    >
      <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
        <circle className="offline-ring__track" cx="16" cy="16" r={RADIUS} />
        <circle
          className="offline-ring__bar"
          cx="16"
          cy="16"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
        />
      </svg>
      {showNumber && (
        <span className="offline-ring__pct" aria-hidden="true">
          {clamped}
        </span>
      )}
    </span>
  );
}
