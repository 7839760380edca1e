import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Clock3, Heart, ListPlus, Pause, Play, Share2, Trash2 } from 'lucide-react';
import { ConfirmDialog, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { playSongs, togglePlay, useCurrentSong, usePlayer } from '@/lib/player-store';
import { artistPath, displayName, formatTime, plural, type Song } from '@/lib/song';
import { useDeleteSong } from './delete-song';
import { DownloadButton } from './DownloadButton';
import { SongCover } from './SongCover';
import './SongList.css';

const SOON = 'Available soon';

interface SongListProps {
  songs: Song[];
  /** The list's accessible name, e.g. 'Songs'. */
  label: string;
  /** On a playlist's page the download action is hidden (SPEC.md). */
  playlistId?: string;
  /** An artist's own page leaves the artist out of each row. */
  showArtist?: boolean;
}

/**
 * Songs as rows: cover, name, artist, plays, actions and length. A click on
 * a row (or its play button) plays the list from that song.
 */
export function SongList({ songs, label, playlistId, showArtist = true }: SongListProps) {
  const current = useCurrentSong();
  const playing = usePlayer((s) => s.playing);
  const [confirming, setConfirming] = useState<Song | null>(null);
  const remove = useDeleteSong();
  const toast = useToast();

  function play(index: number) {
    const song = songs[index];
    if (!song) return;
    if (current?._id === song._id) togglePlay();
    else playSongs(songs, index);
  }

  function onRowClick(e: MouseEvent<HTMLLIElement>, index: number) {
    // Buttons and links in the row do their own thing.
    if ((e.target as Element).closest('button, a, [role="progressbar"]')) return;
    play(index);
  }

  function confirmDelete() {
    const song = confirming;
    if (!song) return;
    remove.mutate(song._id, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(`Deleted “${song.song}”`);
      },
      onError: (err) => {
        setConfirming(null);
        toast.error(errorMessage(err));
      },
    });
  }

  return (
    <div className="songlist">
      <div className="songlist__head" aria-hidden="true">
        <span className="songlist__num">#</span>
        <span>Title</span>
        <span className="songlist__count">Plays</span>
        <span />
        <span className="songlist__time">
          <Clock3 size={16} />
        </span>
      </div>
      <ol className="songlist__rows" aria-label={label}>
        {songs.map((song, i) => {
          const isCurrent = current?._id === song._id;
          const isPlaying = isCurrent && playing;
          return (
            <li
              key={song._id}
              className={isCurrent ? 'song-row song-row--current' : 'song-row'}
              onClick={(e) => onRowClick(e, i)}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <span className="song-row__lead">
                {isPlaying ? (
                  <span className="eq" aria-hidden="true">
                    <span />
                    <span />
                    <span />
                  </span>
                ) : (
                  <span className="song-row__num" aria-hidden="true">
                    {i + 1}
                  </span>
                )}
                <button
                  type="button"
                  className="song-row__play"
                  onClick={() => play(i)}
                  aria-label={`${isPlaying ? 'Pause' : 'Play'} ${song.song}`}
                >
                  {isPlaying ? (
                    <Pause size={16} fill="currentColor" aria-hidden="true" />
                  ) : (
                    <Play size={16} fill="currentColor" aria-hidden="true" />
                  )}
                </button>
              </span>
              <span className="song-row__main">
                <SongCover src={song.coverSmall} className="song-row__cover" size={44} />
                <span className="song-row__text">
                  <span className="song-row__title">{song.song}</span>
                  {showArtist && (
                    <Link className="song-row__artist" to={artistPath(song.artist)}>
                      {displayName(song.artist)}
                    </Link>
                  )}
                </span>
              </span>
              <span className="song-row__count" title={plural(song.count, 'play')}>
                {song.count.toLocaleString('en')}
                <span className="visually-hidden"> plays</span>
              </span>
              <span className="song-row__actions">
                <button
                  type="button"
                  className="song-action song-action--soon song-action--roomy"
                  aria-label="Add to playlist"
                  title={SOON}
                  disabled
                >
                  <ListPlus size={18} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="song-action song-action--soon"
                  aria-label="Like"
                  title={SOON}
                  disabled
                >
                  <Heart size={18} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="song-action song-action--soon song-action--roomy"
                  aria-label="Share"
                  title={SOON}
                  disabled
                >
                  <Share2 size={18} aria-hidden="true" />
                </button>
                {!playlistId && <DownloadButton song={song} />}
                {song.mine && (
                  <button
                    type="button"
                    className="song-action song-action--danger"
                    onClick={() => setConfirming(song)}
                    aria-label="Delete"
                    title="Delete song"
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </button>
                )}
              </span>
              <span className="song-row__time">
                {song.duration > 0 ? formatTime(song.duration) : '–'}
              </span>
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={confirming !== null}
        title={`Delete “${confirming?.song ?? ''}”?`}
        confirmLabel="Delete song"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      >
        The song and its files are removed for everyone, from every list and queue. This cannot be
        undone.
      </ConfirmDialog>
    </div>
  );
}
