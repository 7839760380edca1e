import './Avatar.css';

/** Hue from the name, so each person keeps the same colour. */
function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/**
 * A person's picture: the one they chose (`src`), else their initial on a
 * gradient of its own. Decorative: their name is always written beside it.
 */
export function Avatar({ name, src, size = 96 }: { name: string; src?: string; size?: number }) {
  if (src) {
    return (
      <img
        className="avatar avatar--picture"
        src={src}
        alt=""
        aria-hidden="true"
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  const hue = hueOf(name);
  return (
    <span
      className="avatar"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        background: `linear-gradient(135deg, hsl(${hue} 62% 44%), hsl(${(hue + 50) % 360} 60% 26%))`,
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
