import './Avatar.css';

/** Hue from the name, so each person keeps the same colour. */
function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** A placeholder picture: the first letter of the name on a gradient of its own. */
export function Avatar({ name, size = 96 }: { name: string; size?: number }) {
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
