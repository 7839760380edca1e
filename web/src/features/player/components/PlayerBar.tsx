import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LikeButton, SongCover } from '@/components/songs';
import { usePlayer } from '@/lib/player-store';
import { artistPath, songArtist, type Song } from '@/lib/song';
import {
  MoreLikeThisButton,
  NextButton,
  PlayPauseButton,
  QueueLink,
  SeekBar,
  ShortcutsButton,
  SongInfoButton,
  SpeedControl,
  Transport,
  PlayerVolume,
} from './controls';
import { SleepTimer } from './SleepTimer';

interface PlayerBarProps {
  song: Song;
  /** Opens the full-screen now-playing view (the mini bar on a phone, the cover or title on wider screens). */
  onExpand: () => void;
  expanded: boolean;
  /** The Devices button, from the shell (another feature's). */
  devices?: ReactNode;
}

/** The thin progress line of the phone's mini bar. */
function MiniProgress({ fallbackDuration }: { fallbackDuration: number }) {
  const time = usePlayer((s) => s.time);
  const known = usePlayer((s) => s.duration);
  const duration = known > 0 ? known : fallbackDuration;
  const ratio = duration > 0 ? Math.min(1, time / duration) : 0;
  return (
    <span className="mini__progress" aria-hidden="true">
      <span className="mini__progress-fill" style={{ transform: `scaleX(${ratio})` }} />
    </span>
  );
}

/**
 * The bar at the bottom of every signed-in page: a full bar on wide screens,
 * a compact one on phones that opens the now-playing sheet.
 */
export function PlayerBar({ song, onExpand, expanded, devices }: PlayerBarProps) {
  const artist = songArtist(song);
  return (
    <section className="player" aria-label="Player">
      <div className="mini">
        <button
          type="button"
          className="mini__open"
          onClick={onExpand}
          aria-label={`Open now playing: ${song.song} by ${artist}`}
          aria-haspopup="dialog"
          aria-expanded={expanded}
        >
          <SongCover src={song.coverSmall} size={42} className="mini__cover" eager />
          <span className="mini__text">
            <span className="mini__title">{song.song}</span>
            <span className="mini__artist">{artist}</span>
          </span>
        </button>
        {devices}
        <LikeButton song={song} size={20} className="pbtn pbtn--like" />
        <PlayPauseButton size="sm" />
        <NextButton size={22} />
        <MiniProgress fallbackDuration={song.duration} />
      </div>

      <div className="bar">
        <div className="bar__now">
          <button
            type="button"
            className="bar__open"
            onClick={onExpand}
            aria-label={`Open now playing: ${song.song} by ${artist}`}
            aria-haspopup="dialog"
            aria-expanded={expanded}
          >
            <SongCover src={song.coverSmall} size={56} className="bar__cover" eager />
          </button>
          <div className="bar__text">
            {/* The cover's button is the one keyboard stop; the title is a larger target for the mouse. */}
            <button
              type="button"
              className="bar__title"
              title={song.song}
              tabIndex={-1}
              onClick={onExpand}
            >
              {song.song}
            </button>
            <Link className="bar__artist" to={artistPath(song.artist)}>
              {artist}
            </Link>
          </div>
          <LikeButton song={song} className="pbtn pbtn--like" />
        </div>
        <div className="bar__center">
          <Transport />
          <SeekBar fallbackDuration={song.duration} />
        </div>
        <div className="bar__extras">
          <SongInfoButton song={song} />
          <MoreLikeThisButton song={song} />
          <SpeedControl />
          <SleepTimer />
          <QueueLink />
          {devices}
          <PlayerVolume />
          <ShortcutsButton />
        </div>
      </div>
    </section>
  );
}
