import type { CSSProperties, ReactNode } from 'react';
import './PageHero.css';

interface PageHeroProps {
  /** The small line above the title: what kind of page this is. */
  eyebrow: string;
  title: string;
  /** A cover, an avatar or a tile; the hero gives it its size, corners and shadow. */
  art?: ReactNode;
  /** Round art, for people (artists, profiles). */
  round?: boolean;
  /** A sentence under the title. */
  description?: ReactNode;
  /** The facts under the title: counts, owner, year. An array is set apart with dots. */
  meta?: ReactNode | ReactNode[];
  actions?: ReactNode;
  /** A last small line under the facts, e.g. who uploaded the song. */
  note?: ReactNode;
  /** An image blurred behind the whole hero, e.g. the album's own cover. */
  glow?: string;
  /** The wash of colour behind: the app's green, violet, or a hue in degrees (a genre's). */
  tint?: 'green' | 'violet' | number;
}

/**
 * The top of a collection's or a person's page (album, playlist, artist,
 * genre, likes, profile, share): the art, a big title and the facts.
 */
export function PageHero({
  eyebrow,
  title,
  art,
  round = false,
  description,
  meta,
  actions,
  note,
  glow,
  tint = 'green',
}: PageHeroProps) {
  const hue = typeof tint === 'number';
  const className = [
    'page-hero',
    hue ? 'page-hero--hue' : `page-hero--${tint}`,
    glow && 'page-hero--glow',
    !art && 'page-hero--bare',
  ]
    .filter(Boolean)
    .join(' ');
  const style = hue ? ({ '--hero-hue': tint } as CSSProperties) : undefined;
  return (
    <header className={className} style={style}>
      {glow && (
        <div
          className="page-hero__glow"
          style={{ backgroundImage: `url("${glow}")` }}
          aria-hidden="true"
        />
      )}
      {art && (
        <div className={round ? 'page-hero__art page-hero__art--round' : 'page-hero__art'}>
          {art}
        </div>
      )}
      <div className="page-hero__text">
        <p className="page-hero__eyebrow">{eyebrow}</p>
        <h1 className="page-hero__title">{title}</h1>
        {description && <p className="page-hero__description">{description}</p>}
        {Array.isArray(meta) ? (
          <p className="page-hero__meta page-hero__meta--facts">
            {meta.filter(Boolean).map((fact, i) => (
              <span key={i} className="page-hero__fact">
                {fact}
              </span>
            ))}
          </p>
        ) : (
          meta && <p className="page-hero__meta">{meta}</p>
        )}
        {note && <p className="page-hero__note">{note}</p>}
        {actions && <div className="page-hero__actions">{actions}</div>}
      </div>
    </header>
  );
}
