import type { CSSProperties, KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, EllipsisVertical, Pause, Play, X } from 'lucide-react';
import { SongCover } from '@/components/songs';
import { DragHandle } from '@/components/songs/row-drag';
import { Menu } from '@/components/ui';
import { formatTime } from '@/lib/format';
import { playAt, removeAt, togglePlay } from '@/lib/player-store';
import { songArtist, songArtistPath, type Song } from '@/lib/song';

/** How an Up next row is moved: by its grip, its menu or Alt+↑/↓; absent for Now playing. */
export interface RowMoves {
  /** Moves the row by one place: -1 up, +1 down. */
  step: (by: -1 | 1) => void;
  onGripDown: (e: ReactPointerEvent<HTMLButtonElement>) => void;
  first: boolean;
  last: boolean;
  /** The drag's look: the dragged row, or the line where it lands. */
  className?: string | false;
  style?: CSSProperties;
}

interface QueueRowProps {
  song: Song;
  /** Where it sits in the queue. */
  position: number;
  current?: boolean;
  playing?: boolean;
  /** Offline and not downloaded: greyed; play says why it cannot start. */
  unreachable?: boolean;
  moves?: RowMoves;
}

/** One queue entry: play it now, see what it is, move it or take it out. */
export function QueueRow({
  song,
  position,
  current = false,
  playing = false,
  unreachable = false,
  moves,
}: QueueRowProps) {
  const action = current ? togglePlay : () => playAt(position);
  const label = current ? `${playing ? 'Pause' : 'Play'} ${song.song}` : `Play ${song.song} now`;

  function onKeyDown(e: KeyboardEvent<HTMLLIElement>) {
    if (!moves || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    moves.step(e.key === 'ArrowUp' ? -1 : 1);
  }

  return (
    // A click beside the row's controls does what its play button does, and Alt+arrows
    // from any of them move it; the row is no control of its own, each action has a button.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <li
      className={[
        'qrow',
        moves && 'qrow--movable',
        current && 'qrow--current',
        unreachable && 'qrow--offline',
        moves?.className,
      ]
        .filter(Boolean)
        .join(' ')}
      style={moves?.style}
      title={unreachable ? 'Not downloaded: connect to the internet to play it' : undefined}
      onClick={(e) => {
        if (!(e.target as Element).closest('button, a, [role="menu"]')) action();
      }}
      onKeyDown={onKeyDown}
    >
      {moves && <DragHandle song={song} onPointerDown={moves.onGripDown} onStep={moves.step} />}
      <button
        type="button"
        className="qrow__play"
        onClick={action}
        aria-label={unreachable ? `${label} (not downloaded)` : label}
        aria-disabled={unreachable || undefined}
      >
        <SongCover src={song.coverSmall} size={48} className="qrow__cover" />
        <span className="qrow__icon" aria-hidden="true">
          {current && playing ? (
            <Pause size={18} fill="currentColor" />
          ) : (
            <Play size={18} fill="currentColor" />
          )}
        </span>
      </button>
      <span className="qrow__text">
        <span className="qrow__title">{song.song}</span>
        <span className="qrow__sub">
          <Link className="qrow__artist" to={songArtistPath(song)}>
            {songArtist(song)}
          </Link>
        </span>
      </span>
      <span className="qrow__time">{song.duration > 0 ? formatTime(song.duration) : '–'}</span>
      {moves && (
        <Menu
          className="qrow__menu"
          label={`More options for ${song.song}`}
          trigger={<EllipsisVertical size={18} aria-hidden="true" />}
          items={[
            ...(moves.first
              ? []
              : [
                  {
                    label: 'Move up',
                    icon: <ArrowUp size={18} aria-hidden="true" />,
                    onSelect: () => moves.step(-1),
                  },
                ]),
            ...(moves.last
              ? []
              : [
                  {
                    label: 'Move down',
                    icon: <ArrowDown size={18} aria-hidden="true" />,
                    onSelect: () => moves.step(1),
                  },
                ]),
            {
              label: 'Remove from queue',
              icon: <X size={18} aria-hidden="true" />,
              onSelect: () => removeAt(position),
            },
          ]}
        />
      )}
      <button
        type="button"
        className="qrow__remove"
        onClick={() => removeAt(position)}
        aria-label={`Remove ${song.song} from the queue`}
        title="Remove from queue"
      >
        <X size={18} aria-hidden="true" />
      </button>
    </li>
  );
}
