import { Fragment, useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import {
  ArrowDown,
  ArrowUp,
  AudioWaveform,
  CircleMinus,
  Disc3,
  Clock3,
  EllipsisVertical,
  Info,
  ListEnd,
  ListPlus,
  ListStart,
  Pause,
  Play,
  Share2,
  Sparkles,
  Trash2,
  Users,
} from 'lucide-react';
import { OfflineMark } from '@/components/offline/OfflineMark';
import { useSongDownloadItem } from '@/components/offline/song-menu-item';
import { AddToPlaylistDialog } from '@/components/playlists/AddToPlaylistDialog';
import { SharePanel } from '@/components/share/SharePanel';
import { ConfirmDialog, Highlight, Menu, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatTime, noun, plural } from '@/lib/format';
import { notDownloadedMessage, useNotDownloadedOffline } from '@/lib/offline/availability';
import { playSongs, togglePlay, useCurrentSong, usePlayer } from '@/lib/player-store';
import { albumPath, playable, songArtist, songArtistPath, type Song } from '@/lib/song';
import { SongArtists } from './SongArtists';
import { useDeleteSong } from './delete-song';
import { discStarts, rowNumber } from './discs';
import { DownloadButton } from './DownloadButton';
import { LikeButton } from './LikeButton';
import { MoreLikeThisDialog } from './MoreLikeThisDialog';
import { useQueueActions } from './queue-actions';
import { SongInfoDialog } from './SongInfoDialog';
import { useStartSongRadio } from './song-radio';
import { DragHandle, dragRowClass, dragRowStyle, useRowDrag } from './row-drag';
import { SongCover } from './SongCover';
import './SongList.css';

interface SongListProps {
  songs: Song[];
  /** The list's accessible name, e.g. 'Songs'. */
  label: string;
  /** On a playlist's page the download action is hidden, and so is deleting the song. */
  playlistId?: string;
  /** An artist's own page leaves the artist out of each row. */
  showArtist?: boolean;
  /**
   * Lets the rows be reordered: by dragging their handle, with 'Move up' and
   * 'Move down', or with Alt+↑/↓ in a row. `to` is the song's new position.
   */
  onMove?: (from: number, to: number) => void;
  /** Adds 'Remove from playlist' to each row. */
  onRemove?: (song: Song) => void;
  /** Search results mark the part of each name that matches what was searched. */
  highlight?: string;
  /** An album's own page leaves the album out of each row. */
  showAlbum?: boolean;
  /** An album's page numbers rows by their track numbers, with a header per disc. */
  albumOrder?: boolean;
  /** A line under a row's artist, e.g. why a mix holds the song ('Because you played …'). */
  noteOf?: (song: Song) => string | undefined;
}

/**
 * Songs as rows: cover, name, artist, plays, actions and length. A click on
 * a row (or its play button) plays the list from that song.
 */
export function SongList({
  songs,
  label,
  playlistId,
  showArtist = true,
  onMove,
  onRemove,
  highlight,
  showAlbum = true,
  albumOrder = false,
  noteOf,
}: SongListProps) {
  const current = useCurrentSong();
  const playing = usePlayer((s) => s.playing);
  const [confirming, setConfirming] = useState<Song | null>(null);
  const [adding, setAdding] = useState<Song | null>(null);
  const [sharing, setSharing] = useState<Song | null>(null);
  const [similarTo, setSimilarTo] = useState<Song | null>(null);
  const [infoFor, setInfoFor] = useState<Song | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const remove = useDeleteSong();
  const startRadio = useStartSongRadio();
  const queueActions = useQueueActions();
  const toast = useToast();
  const downloadItem = useSongDownloadItem();
  const notDownloaded = useNotDownloadedOffline();
  const hintId = useId();
  const editable = onMove !== undefined;

  /** Moves a song and says where it went, for screen readers. */
  function move(from: number, to: number) {
    const song = songs[from];
    if (!onMove || !song || to < 0 || to >= songs.length || to === from) return;
    onMove(from, to);
    setAnnouncement(`Moved “${song.song}” to position ${to + 1} of ${songs.length}.`);
  }

  const { listRef, drag, start: startDrag } = useRowDrag(songs.length, move);

  function onRowKey(e: KeyboardEvent<HTMLLIElement>, index: number) {
    if (!editable || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(index, e.key === 'ArrowUp' ? index - 1 : index + 1);
  }

  /** Plays the list from a song; missing library files are left out of the queue. */
  function play(index: number) {
    const song = songs[index];
    if (!song || song.missing) return;
    // Offline, as in Spotify: a song that was not downloaded is greyed and does not start.
    if (notDownloaded(song._id)) {
      toast.info(notDownloadedMessage(song));
      return;
    }
    if (current?._id === song._id) togglePlay();
    else {
      const queue = playable(songs);
      playSongs(queue, queue.indexOf(song));
    }
  }
  const discs = albumOrder ? discStarts(songs) : new Map<number, number>();

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
    <div className={editable ? 'songlist songlist--editable' : 'songlist'}>
      <div className="songlist__head" aria-hidden="true">
        {editable && <span />}
        <span className="songlist__num">#</span>
        <span>Title</span>
        <span className="songlist__count">Plays</span>
        <span />
        <span className="songlist__time">
          <Clock3 size={16} />
        </span>
      </div>
      <ol className="songlist__rows" aria-label={label} ref={listRef}>
        {songs.map((song, i) => {
          const isCurrent = current?._id === song._id;
          const isPlaying = isCurrent && playing;
          const disc = discs.get(i);
          const artistLabel = songArtist(song);
          const unreachable = !song.missing && notDownloaded(song._id);
          const hint = `${hintId}-${i}`;
          return (
            <Fragment key={song._id}>
              {disc !== undefined && (
                <li className="songlist__disc" aria-label={`Disc ${disc}`}>
                  <Disc3 size={16} aria-hidden="true" />
                  <span>Disc {disc}</span>
                </li>
              )}
              {/* The row only catches what bubbles up from its own controls: a click beside
                  them plays, as the row's play button does, and Alt+arrows from any of
                  them move the song, as Move up and Move down do. Every action has a
                  focusable button of its own; the row is no control. */}
              {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions */}
              <li
                className={[
                  'song-row',
                  isCurrent && 'song-row--current',
                  song.missing && 'song-row--missing',
                  unreachable && 'song-row--offline',
                  dragRowClass(drag, i),
                ]
                  .filter(Boolean)
                  .join(' ')}
                title={
                  song.missing
                    ? 'This file is no longer in the library'
                    : unreachable
                      ? 'Not downloaded: connect to the internet to play it'
                      : undefined
                }
                style={dragRowStyle(drag, i)}
                onClick={(e) => onRowClick(e, i)}
                onKeyDown={(e) => onRowKey(e, i)}
                aria-current={isCurrent ? 'true' : undefined}
              >
                {editable && (
                  <DragHandle
                    song={song}
                    onPointerDown={(e) => startDrag(e, i)}
                    onStep={(step) => move(i, i + step)}
                  />
                )}
                <span className="song-row__lead">
                  {isPlaying ? (
                    <span className="eq" aria-hidden="true">
                      <span />
                      <span />
                      <span />
                    </span>
                  ) : (
                    <span className="song-row__num" aria-hidden="true">
                      {rowNumber(song, i, albumOrder)}
                    </span>
                  )}
                  <button
                    type="button"
                    className="song-row__play"
                    onClick={() => play(i)}
                    disabled={song.missing}
                    aria-disabled={unreachable || undefined}
                    aria-describedby={unreachable ? hint : undefined}
                    aria-label={
                      song.missing
                        ? `${song.song} is no longer in the library`
                        : `${isPlaying ? 'Pause' : 'Play'} ${song.song}`
                    }
                  >
                    {isPlaying ? (
                      <Pause size={16} fill="currentColor" aria-hidden="true" />
                    ) : (
                      <Play size={16} fill="currentColor" aria-hidden="true" />
                    )}
                  </button>
                </span>
                <span className="song-row__main">
                  {!albumOrder && (
                    <SongCover src={song.coverSmall} className="song-row__cover" size={44} />
                  )}
                  <span className="song-row__text">
                    <span className="song-row__title">
                      {highlight ? <Highlight text={song.song} query={highlight} /> : song.song}
                    </span>
                    {(showArtist || (showAlbum && song.album && song.albumId)) && (
                      <span className="song-row__sub">
                        {showArtist && (
                          <SongArtists
                            song={highlight ? {} : song}
                            className="song-row__artist"
                            fallback={
                              <Link className="song-row__artist" to={songArtistPath(song)}>
                                {highlight ? (
                                  <Highlight text={artistLabel} query={highlight} />
                                ) : (
                                  artistLabel
                                )}
                              </Link>
                            }
                          />
                        )}
                        {showArtist && showAlbum && song.album && song.albumId && (
                          <span className="song-row__dot" aria-hidden="true">
                            ·
                          </span>
                        )}
                        {showAlbum && song.album && song.albumId && (
                          <Link className="song-row__album" to={albumPath(song.albumId)}>
                            {song.album}
                          </Link>
                        )}
                      </span>
                    )}
                    {noteOf?.(song) && <span className="song-row__note">{noteOf(song)}</span>}
                    {song.missing && <span className="song-row__missing">Unavailable</span>}
                    {unreachable && (
                      <span id={hint} className="visually-hidden">
                        Not downloaded
                      </span>
                    )}
                  </span>
                  <OfflineMark songId={song._id} name={song.song} />
                </span>
                <span className="song-row__count" title={plural(song.count, 'play')}>
                  {formatCount(song.count)}
                  <span className="visually-hidden"> {noun(song.count, 'play')}</span>
                </span>
                <span className="song-row__actions">
                  <button
                    type="button"
                    className="song-action song-action--roomy"
                    onClick={() => setAdding(song)}
                    aria-label={`Add ${song.song} to playlist`}
                    title="Add to playlist"
                    aria-haspopup="dialog"
                  >
                    <ListPlus size={18} aria-hidden="true" />
                  </button>
                  <LikeButton song={song} />
                  <button
                    type="button"
                    className="song-action song-action--roomy"
                    onClick={() => setSharing(song)}
                    aria-label={`Share ${song.song}`}
                    title="Share"
                    aria-haspopup="dialog"
                  >
                    <Share2 size={18} aria-hidden="true" />
                  </button>
                  {!playlistId && <DownloadButton song={song} />}
                  {/* Every action is in the menu too: phones have no room for them in the row. */}
                  <Menu
                    className="song-menu"
                    label={`More options for ${song.song}`}
                    trigger={<EllipsisVertical size={18} aria-hidden="true" />}
                    items={[
                      // What Spotify puts first too: line the song up without stopping what plays.
                      ...(song.missing
                        ? []
                        : [
                            {
                              label: 'Play next',
                              icon: <ListStart size={18} aria-hidden="true" />,
                              onSelect: () => queueActions.playNext([song]),
                            },
                            {
                              label: 'Add to queue',
                              icon: <ListEnd size={18} aria-hidden="true" />,
                              onSelect: () => queueActions.addToQueue([song]),
                            },
                            ...(queueActions.addToJam
                              ? [
                                  {
                                    label: 'Add to Jam',
                                    icon: <Users size={18} aria-hidden="true" />,
                                    onSelect: () => queueActions.addToJam?.([song]),
                                  },
                                ]
                              : []),
                          ]),
                      {
                        label: 'Add to playlist',
                        icon: <ListPlus size={18} aria-hidden="true" />,
                        onSelect: () => setAdding(song),
                      },
                      {
                        label: 'Share',
                        icon: <Share2 size={18} aria-hidden="true" />,
                        onSelect: () => setSharing(song),
                      },
                      {
                        label: 'More like this',
                        icon: <Sparkles size={18} aria-hidden="true" />,
                        onSelect: () => setSimilarTo(song),
                      },
                      {
                        label: 'Start song radio',
                        icon: <AudioWaveform size={18} aria-hidden="true" />,
                        onSelect: () => startRadio.mutate(song),
                      },
                      {
                        label: 'Song info',
                        icon: <Info size={18} aria-hidden="true" />,
                        onSelect: () => setInfoFor(song),
                      },
                      ...[downloadItem(song)].filter((item) => item !== null),
                    ]}
                  />
                  {onRemove && (
                    <button
                      type="button"
                      className="song-action song-action--danger"
                      onClick={() => onRemove(song)}
                      aria-label={`Remove ${song.song} from playlist`}
                      title="Remove from playlist"
                    >
                      <CircleMinus size={18} aria-hidden="true" />
                    </button>
                  )}
                  {editable && (
                    <>
                      <button
                        type="button"
                        className="song-action song-action--roomy"
                        onClick={() => move(i, i - 1)}
                        aria-label={`Move ${song.song} up`}
                        title="Move up (Alt+↑)"
                        aria-disabled={i === 0 || undefined}
                      >
                        <ArrowUp size={18} aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        className="song-action song-action--roomy"
                        onClick={() => move(i, i + 1)}
                        aria-label={`Move ${song.song} down`}
                        title="Move down (Alt+↓)"
                        aria-disabled={i === songs.length - 1 || undefined}
                      >
                        <ArrowDown size={18} aria-hidden="true" />
                      </button>
                    </>
                  )}
                  {song.mine && !playlistId && (
                    <button
                      type="button"
                      className="song-action song-action--danger"
                      onClick={() => setConfirming(song)}
                      aria-label={`Delete ${song.song}`}
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
            </Fragment>
          );
        })}
      </ol>
      {editable && (
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      )}
      {adding && (
        <AddToPlaylistDialog key={adding._id} song={adding} onClose={() => setAdding(null)} />
      )}
      {sharing && (
        <SharePanel
          target={{
            type: 'song',
            id: sharing._id,
            name: sharing.song,
            by: songArtist(sharing),
          }}
          onClose={() => setSharing(null)}
        />
      )}
      {similarTo && (
        <MoreLikeThisDialog
          key={similarTo._id}
          song={similarTo}
          onClose={() => setSimilarTo(null)}
        />
      )}
      {infoFor && (
        <SongInfoDialog key={infoFor._id} song={infoFor} onClose={() => setInfoFor(null)} />
      )}
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
