import { PlaylistCover } from '@/components/playlists';
import type { Mix } from '@/lib/mix';
import './mixes.css';

/**
 * A mix's picture: the mosaic of its first songs under a colour of its
 * own, with its name written on it, so each mix is known at a glance.
 */
export function MixCover({ mix, size = 320 }: { mix: Mix; size?: number }) {
  return (
    <span className={`mix-cover mix-cover--${mix.id}`} aria-hidden="true">
      <PlaylistCover
        playlist={{ cover: '', coverSmall: '', mosaic: mix.mosaic }}
        size={size}
        className="mix-cover__art"
      />
      <span className="mix-cover__name">{mix.name}</span>
    </span>
  );
}
