import { Download, X } from 'lucide-react';
import { useToast } from '@/components/ui';
import { cancelDownload, DOWNLOAD_BUSY, downloadSong, useDownloadState } from '@/lib/download';
import type { Song } from '@/lib/song';

const RADIUS = 14;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The download action of a song row; while it runs, a ring with the percentage. */
export function DownloadButton({ song }: { song: Song }) {
  const toast = useToast();
  const state = useDownloadState();
  const active = state.songId === song._id && state.status !== 'idle';

  function start() {
    downloadSong(song).then(
      () => toast.success(`Downloaded “${song.song}”`),
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        if (message === DOWNLOAD_BUSY) toast.info(message);
        else toast.error(message);
      },
    );
  }

  if (!active) {
    return (
      <button
        type="button"
        className="song-action"
        onClick={start}
        aria-label={`Download ${song.song}`}
        title="Download"
      >
        <Download size={18} aria-hidden="true" />
      </button>
    );
  }

  const percent = state.percent;
  const done = state.status === 'done';
  const offset = CIRCUMFERENCE * (1 - (percent ?? 0) / 100);
  return (
    <span className="download">
      <span
        className={done ? 'download__ring download__ring--done' : 'download__ring'}
        role="progressbar"
        aria-label={`Downloading ${song.song}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? 'Starting' : `${percent}%`}
      >
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
          <circle className="download__track" cx="16" cy="16" r={RADIUS} />
          <circle
            className={percent === null ? 'download__bar download__bar--busy' : 'download__bar'}
            cx="16"
            cy="16"
            r={RADIUS}
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={percent === null ? CIRCUMFERENCE * 0.75 : offset}
          />
        </svg>
        {percent !== null && (
          <span className="download__pct" aria-hidden="true">
            {percent}
          </span>
        )}
      </span>
      {!done && (
        <button
          type="button"
          className="song-action song-action--small"
          onClick={cancelDownload}
          aria-label={`Cancel download of ${song.song}`}
          title="Cancel download"
        >
          <X size={14} aria-hidden="true" />
        </button>
      )}
    </span>
  );
}
