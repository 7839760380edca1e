import { ListOrdered, Pause, Play, X } from 'lucide-react';
import { Link } from 'react-router';
import { SongCover } from '@/components/songs';
import { Button, ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import {
  clearQueue,
  playAt,
  removeAt,
  togglePlay,
  useCurrentSong,
  usePlayer,
} from '@/lib/player-store';
import { formatTime, songsSummary } from '@/lib/format';
import { useNotDownloadedOffline } from '@/lib/offline/availability';
import { songArtist, type Song, songArtistPath } from '@/lib/song';
import './queue.css';

interface RowProps {
  song: Song;
  position: number;
  current?: boolean;
  playing?: boolean;
  /** Offline and not downloaded: greyed; play says why it cannot start. */
  unreachable?: boolean;
}

function QueueRow({
  song,
  position,
  current = false,
  playing = false,
  unreachable = false,
}: RowProps) {
  const action = current ? togglePlay : () => playAt(position);
  const label = current ? `${playing ? 'Pause' : 'Play'} ${song.song}` : `Play ${song.song} now`;
  return (
    // A click beside the row's controls does what its play button does; the row is no
    // control of its own, keyboards use that button.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions, jsx-a11y-x/click-events-have-key-events
    <li
      className={['qrow', current && 'qrow--current', unreachable && 'qrow--offline']
        .filter(Boolean)
        .join(' ')}
      title={unreachable ? 'Not downloaded: connect to the internet to play it' : undefined}
      onClick={(e) => {
        if (!(e.target as Element).closest('button, a')) action();
      }}
    >
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
        <Link className="qrow__artist" to={songArtistPath(song)}>
          {songArtist(song)}
        </Link>
      </span>
      <span className="qrow__time">{song.duration > 0 ? formatTime(song.duration) : '–'}</span>
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

/** `/queue`: what plays now and what plays next; jump, remove or clear. */
export function QueuePage() {
  const queue = usePlayer((s) => s.queue);
  const index = usePlayer((s) => s.index);
  const playing = usePlayer((s) => s.playing);
  const shuffle = usePlayer((s) => s.shuffle);
  const current = useCurrentSong();
  const notDownloaded = useNotDownloadedOffline();
  const upNext = queue.slice(index + 1);

  if (!current) {
    return (
      <div className="page">
        <PageHeader eyebrow="Player" title="Queue" />
        <EmptyState
          icon={ListOrdered}
          title="Your queue is empty"
          action={<ButtonLink to="/songs">Find something to play</ButtonLink>}
        >
          Songs you line up to play next will wait here.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="page queue">
      <PageHeader
        eyebrow="Player"
        title="Queue"
        description={`${songsSummary(upNext)} up next${shuffle ? ', shuffled' : ''}.`}
        actions={
          upNext.length > 0 && (
            <Button variant="secondary" size="sm" onClick={clearQueue}>
              Clear queue
            </Button>
          )
        }
      />
      <section className="queue__section" aria-labelledby="queue-now">
        <h2 id="queue-now" className="queue__heading">
          Now playing
        </h2>
        <ol className="queue__list" aria-label="Now playing">
          <QueueRow
            song={current}
            position={index}
            current
            playing={playing}
            unreachable={notDownloaded(current._id)}
          />
        </ol>
      </section>
      <section className="queue__section" aria-labelledby="queue-next">
        <h2 id="queue-next" className="queue__heading">
          Up next
        </h2>
        {upNext.length === 0 ? (
          <p className="queue__none">
            Nothing after this song. Pick more from <Link to="/songs">Songs</Link> or an{' '}
            <Link to="/artist">artist</Link>.
          </p>
        ) : (
          <ol className="queue__list" aria-label="Up next">
            {upNext.map((song, i) => (
              <QueueRow
                key={`${song._id}-${index + 1 + i}`}
                song={song}
                position={index + 1 + i}
                unreachable={notDownloaded(song._id)}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
