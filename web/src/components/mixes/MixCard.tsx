import { Link } from 'react-router';
import { plural } from '@/lib/format';
import { mixPath, type Mix } from '@/lib/mix';
import { MixCover } from './MixCover';
import '@/components/playlists/playlists.css';

/** A mix as a card: its picture and name open it. */
export function MixCard({ mix }: { mix: Mix }) {
  const to = mixPath(mix.id);
  return (
    <article className="pl-card" aria-label={mix.name}>
      <div className="pl-card__art">
        <Link to={to} className="pl-card__cover-link" tabIndex={-1} aria-hidden="true">
          <MixCover mix={mix} />
        </Link>
      </div>
      <Link to={to} className="pl-card__name" title={mix.name}>
        {mix.name}
      </Link>
      <p className="pl-card__meta">{plural(mix.count, 'song')}</p>
    </article>
  );
}
