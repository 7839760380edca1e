import { Fragment, useState } from 'react';
import { ListOrdered } from 'lucide-react';
import { Link } from 'react-router';
import { dragRowClass, dragRowStyle, useRowDrag } from '@/components/songs/row-drag';
import { Button, ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import { clearQueue, isAutoplay, moveInQueue, useCurrentSong, usePlayer } from '@/lib/player-store';
import { plural, songsSummary } from '@/lib/format';
import { useNotDownloadedOffline } from '@/lib/offline/availability';
import type { Song } from '@/lib/song';
import { AutoplaySwitch } from './AutoplaySwitch';
import { QueueRow } from './QueueRow';
import './queue.css';

/**
 * Keys that follow a song when it moves: its id, and which time it is
 * queued when the same song is there more than once.
 */
function rowKeys(songs: Song[]): string[] {
  const seen = new Map<string, number>();
  return songs.map((s) => {
    const n = seen.get(s._id) ?? 0;
    seen.set(s._id, n + 1);
    return `${s._id}-${n}`;
  });
}

/** `/queue`: what plays now and what plays next; jump, reorder, remove or clear. */
export function QueuePage() {
  const queue = usePlayer((s) => s.queue);
  const index = usePlayer((s) => s.index);
  const playing = usePlayer((s) => s.playing);
  const shuffle = usePlayer((s) => s.shuffle);
  const current = useCurrentSong();
  const notDownloaded = useNotDownloadedOffline();
  const [announcement, setAnnouncement] = useState('');
  const upNext = queue.slice(index + 1);
  const own = upNext.filter((s) => !isAutoplay(s)).length;
  const firstAutoplay = upNext.findIndex(isAutoplay);

  /** Moves an Up next row (positions within Up next) and says where it went. */
  function move(from: number, to: number) {
    const song = upNext[from];
    if (!song || to < 0 || to >= upNext.length || to === from) return;
    moveInQueue(index + 1 + from, index + 1 + to);
    setAnnouncement(`Moved “${song.song}” to position ${to + 1} of ${upNext.length} in Up next.`);
  }
  const { listRef, drag, start } = useRowDrag(upNext.length, move);

  if (!current) {
    return (
      <div className="page">
        <title>Queue · Musicify</title>
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

  const autoplayed = upNext.length - own;
  const queued = `${songsSummary(upNext.filter((s) => !isAutoplay(s)))} up next${shuffle ? ', shuffled' : ''}`;
  // With only autoplay's songs ahead, 'no songs up next' would read wrong.
  const summary =
    autoplayed === 0
      ? `${queued}.`
      : own === 0
        ? `${plural(autoplayed, 'song')} up next from autoplay.`
        : `${queued}, then ${autoplayed} from autoplay.`;
  const keys = rowKeys(upNext);

  return (
    <div className="page queue">
      <title>Queue · Musicify</title>
      <PageHeader
        eyebrow="Player"
        title="Queue"
        description={summary}
        actions={
          upNext.length > 0 && (
            <Button variant="secondary" size="sm" onClick={clearQueue}>
              Clear queue
            </Button>
          )
        }
      />
      <AutoplaySwitch />
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
          <>
            <p className="queue__tip">
              Drag the grip, or use Move up and Move down in a song’s menu, to reorder
              <span className="queue__tip-keys"> (Alt+↑ and Alt+↓ on a keyboard)</span>.
            </p>
            <ol className="queue__list" aria-label="Up next" ref={listRef}>
              {upNext.map((song, i) => (
                <Fragment key={keys[i]}>
                  {i === firstAutoplay && (
                    <li role="presentation" data-divider className="queue__divider">
                      <h3 className="queue__subheading">Autoplay</h3>
                      <p className="queue__subhint">Songs like the ones you played</p>
                    </li>
                  )}
                  <QueueRow
                    song={song}
                    position={index + 1 + i}
                    unreachable={notDownloaded(song._id)}
                    moves={{
                      step: (by) => move(i, i + by),
                      onGripDown: (e) => start(e, i),
                      first: i === 0,
                      last: i === upNext.length - 1,
                      className: dragRowClass(drag, i),
                      style: dragRowStyle(drag, i),
                    }}
                  />
                </Fragment>
              ))}
            </ol>
          </>
        )}
      </section>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
