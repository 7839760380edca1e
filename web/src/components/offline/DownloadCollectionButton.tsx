import { useState } from 'react';
import { ArrowDownToLine, CircleCheck, X } from 'lucide-react';
import { Button, ConfirmDialog, useToast } from '@/components/ui';
import { DOWNLOAD_CANCELED } from '@/lib/download';
import {
  cancelDownload,
  collectionKey,
  downloadCollection,
  removeCollection,
  useDownloads,
  type CollectionRef,
} from '@/lib/offline/downloads';
import { playable, plural, type Song } from '@/lib/song';
import { ProgressRing } from './ProgressRing';
import './offline.css';

interface DownloadCollectionButtonProps {
  collection: CollectionRef;
  songs: Song[];
}

/** Runs a download and says how it ended, in a toast. */
export function useStartDownload() {
  const toast = useToast();
  return (collection: CollectionRef, songs: Song[]) => {
    downloadCollection(collection, songs).then(
      ({ saved, failed }) => {
        if (failed > 0) {
          toast.error(
            `${plural(failed, 'song')} of “${collection.name}” could not be downloaded. Try again to fetch ${failed === 1 ? 'it' : 'them'}.`,
          );
        } else if (saved > 0) {
          toast.success(`“${collection.name}” is ready to play offline`);
        }
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        if (message === DOWNLOAD_CANCELED) toast.info('Download canceled');
        else toast.error(message);
      },
    );
  };
}

/**
 * 'Download' on a playlist, an album or Liked Songs: while it runs, a ring
 * with the percentage and a cancel button; once kept, 'Downloaded' (a click
 * offers to remove it); when songs were added since, 'Download N new'.
 */
export function DownloadCollectionButton({ collection, songs }: DownloadCollectionButtonProps) {
  const key = collectionKey(collection.kind, collection.id);
  const progress = useDownloads((s) => s.active[key]);
  const kept = useDownloads((s) =>
    s.index.collections.some((c) => collectionKey(c.kind, c.id) === key),
  );
  const storedSongs = useDownloads((s) => s.index.songs);
  const [confirming, setConfirming] = useState(false);
  const start = useStartDownload();
  const list = playable(songs);
  const missing = list.filter((s) => !storedSongs[s._id]).length;

  if (progress) {
    return (
      <span className="offline-dl">
        <ProgressRing
          percent={progress.percent}
          label={`Downloading “${collection.name}”`}
          size={34}
          showNumber
        />
        <span className="offline-dl__text" aria-live="polite">
          <strong>Downloading</strong>
          <span>
            {Math.min(progress.done + 1, progress.total)} of {plural(progress.total, 'song')}
          </span>
        </span>
        <button
          type="button"
          className="offline-dl__cancel"
          onClick={() => cancelDownload(collection.kind, collection.id)}
          aria-label={`Cancel download of “${collection.name}”`}
          title="Cancel download"
        >
          <X size={18} aria-hidden="true" />
        </button>
      </span>
    );
  }

  const done = kept && missing === 0;
  return (
    <>
      <Button
        size="lg"
        variant="secondary"
        className={done ? 'offline-btn offline-btn--done' : 'offline-btn'}
        icon={
          done ? (
            <CircleCheck size={20} aria-hidden="true" />
          ) : (
            <ArrowDownToLine size={20} aria-hidden="true" />
          )
        }
        disabled={list.length === 0}
        onClick={() => (done ? setConfirming(true) : start(collection, songs))}
        aria-label={
          done
            ? `Downloaded: remove “${collection.name}” from downloads`
            : `Download “${collection.name}” for offline listening`
        }
        title={done ? 'Remove download' : 'Download for offline listening'}
      >
        <span className="offline-btn__text">
          {done ? 'Downloaded' : kept ? `Download ${missing} new` : 'Download'}
        </span>
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Remove “${collection.name}” from downloads?`}
        confirmLabel="Remove download"
        onConfirm={() => {
          setConfirming(false);
          void removeCollection(collection.kind, collection.id);
        }}
        onCancel={() => setConfirming(false)}
      >
        Its songs will need a connection again, unless another download keeps them.
      </ConfirmDialog>
    </>
  );
}
