import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { LikeButton, SongCover } from '@/components/songs';
import { Modal } from '@/components/ui';
import { albumPath, artistPath, songArtist, type Song } from '@/lib/song';
import {
  MoreLikeThisButton,
  QueueLink,
  SeekBar,
  SongInfoButton,
  SpeedControl,
  Transport,
  PlayerVolume,
} from './controls';
import { Lyrics } from './Lyrics';
import { SleepTimer } from './SleepTimer';

interface NowPlayingProps {
  song: Song;
  onClose: () => void;
}

/**
 * The full-screen player with every control and the lyrics: one column on
 * a phone (the lyrics below the controls), cover and lyrics side by side
 * on wider screens.
 */
export function NowPlaying({ song, onClose }: NowPlayingProps) {
  const artist = songArtist(song);
  return (
    <Modal className="now-modal" onClose={onClose} aria-label="Now playing">
      <div className="now">
        <header className="now__head">
          <button
            type="button"
            className="pbtn"
            onClick={onClose}
            aria-label="Close now playing"
            data-autofocus
          >
            <ChevronDown size={26} aria-hidden="true" />
          </button>
          <p className="now__eyebrow">Now playing</p>
          <QueueLink onNavigate={onClose} />
        </header>
        <div className="now__player">
          <div className="now__art">
            <SongCover src={song.cover} size={640} className="now__cover" eager />
          </div>
          <div className="now__meta-row">
            <div className="now__meta">
              <h2 className="now__title">{song.song}</h2>
              <Link className="now__artist" to={artistPath(song.artist)} onClick={onClose}>
                {artist}
              </Link>
              {song.album && song.albumId && (
                <Link className="now__album" to={albumPath(song.albumId)} onClick={onClose}>
                  {song.album}
                </Link>
              )}
            </div>
            <SongInfoButton song={song} onNavigate={onClose} />
            <MoreLikeThisButton song={song} />
            <LikeButton song={song} size={24} className="pbtn pbtn--like" />
          </div>
          <SeekBar fallbackDuration={song.duration} />
          <Transport size="lg" />
          <div className="now__settings">
            <PlayerVolume />
            <div className="now__speed">
              <span className="now__sleep-label">Playback speed</span>
              <SpeedControl />
            </div>
            <div className="now__sleep">
              <span className="now__sleep-label">Sleep timer</span>
              <SleepTimer />
            </div>
          </div>
        </div>
        <Lyrics songId={song._id} />
      </div>
    </Modal>
  );
}
