import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Button, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { displayName, songArtist } from '@/lib/song';
import { formatDuration } from '@/lib/format';
import { useDropFromJam, useMoveInJam, type Jam, type JamEntry } from '../api/jams';

/** Who put a song in the queue, or why the Jam picked it. */
function addedBy(e: JamEntry, me: string): string {
  if (!e.addedBy) return e.reason ?? 'Picked by the Jam';
  return e.addedBy._id === me ? 'Added by you' : `Added by ${displayName(e.addedBy.username)}`;
}

/** The songs after the one playing: who added each, and the moves the caller may make. */
export function JamQueue({ jam, me }: { jam: Jam; me: string }) {
  const move = useMoveInJam(jam.id);
  const drop = useDropFromJam(jam.id);
  const toast = useToast();
  const onError = (err: unknown) => toast.error(errorMessage(err));
  const next = jam.queue.slice(1);

  if (next.length === 0) {
    return <p className="jam-queue__empty">Nothing queued yet. Add songs above.</p>;
  }
  return (
    <ol className="jam-queue" aria-label="Up next in the Jam">
      {next.map((e, i) => {
        const at = i + 1;
        const mayDrop = jam.canControl || e.addedBy?._id === me;
        return (
          <li key={e.id} className="jam-queue__row">
            <img src={e.song.coverSmall} alt="" width={44} height={44} />
            <span className="jam-queue__text">
              <span className="jam-queue__title">{e.song.song}</span>
              <span className="jam-queue__meta">
                {songArtist(e.song)} · {formatDuration(e.song.duration)}
              </span>
              <span className="jam-queue__by">{addedBy(e, me)}</span>
            </span>
            {jam.canControl && (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${e.song.song} up`}
                  disabled={at === 1}
                  onClick={() => move.mutate({ entry: e.id, index: at - 1 }, { onError })}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${e.song.song} down`}
                  disabled={at === jam.queue.length - 1}
                  onClick={() => move.mutate({ entry: e.id, index: at + 1 }, { onError })}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                </Button>
              </>
            )}
            {mayDrop && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${e.song.song} from the Jam`}
                onClick={() => drop.mutate(e.id, { onError })}
              >
                <X size={16} aria-hidden="true" />
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
